import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExecutable } from '../system/findExecutable.js';
import { readNarrative } from '../testing/ccdaCorpus/corpusChecks.js';
import { documentFacts } from '../testing/documents/documentFacts.js';
import { type ProbedPage, pdfWordBoxes } from '../testing/documents/pdfProbe.js';
import {
  misplacedValues,
  SPANNED_CELLS,
  spannedTablesDocument,
  tokensNotWhole,
  type ValuesUnderHeadings,
} from '../testing/documents/spannedTables.js';
import {
  findChromium,
  findXsltproc,
  type StylesheetLayout,
  stylesheetLayout,
  stylesheetPath,
} from '../testing/documents/stylesheetRendering.js';
import { readCda } from './cda/readCda.js';
import { docxToPdf, findSoffice } from './docx/docxToPdf.js';
import { renderCdaPdf } from './pdf/renderCdaPdf.js';
import { renderCdaRtf } from './rtf/renderCdaRtf.js';

const run = promisify(execFile);

/**
 * Issue 40: a row-spanned Vital Signs table and 9-digit SNOMED codes and lot numbers in narrow
 * columns, as the CDA stylesheet shows them in Chromium (xsltproc with our narrativeHtml.xsl, or
 * HL7's CDA.xsl when CDA_XSL names it) beside Quill's PDF and its RTF read by LibreOffice: every
 * value under the heading the browser puts it under, every code whole on one line. The pictures
 * (Chromium's screenshot, `pdftoppm -r 80` of both PDFs) go to CCDA_PICTURES_DIR when set (kept,
 * to look at), else to a temporary directory removed afterwards.
 */

const facts = documentFacts();
const xml = spannedTablesDocument();
/** The 9-digit codes of the narrative (SNOMED 248986005, lot 651684654), each time written. */
const CODES = readNarrative(xml).words.filter((w) => /^\d{9}$/.test(w));

const sameHead = (a: readonly string[], b: readonly string[]) => a.join('|') === b.join('|');

/** What the browser shows of the document's tables: each value and the heading it stands under. */
function browserPlacement(layout: StylesheetLayout): ValuesUnderHeadings {
  return layout.tables
    .filter((t) => SPANNED_CELLS.some((s) => sameHead(s.head, t.head)))
    .map((t) => ({
      head: t.head,
      cells: t.cells.map((c) => ({ value: c.value, heading: c.heading ?? '(no heading)' })),
    }));
}

describe("tables as the CDA stylesheet shows them in Chromium, beside Quill's PDF and RTF", () => {
  let dir = '';
  const keep = Boolean(process.env.CCDA_PICTURES_DIR);
  let browser: StylesheetLayout;
  let expected: ValuesUnderHeadings;
  let pdfPages: ProbedPage[];
  let rtfPages: ProbedPage[];

  beforeAll(async () => {
    const tools = {
      chromium: findChromium(),
      xsltproc: findXsltproc(),
      'LibreOffice (soffice)': findSoffice(),
      pdftoppm: findExecutable(['pdftoppm']),
    };
    const missing = Object.entries(tools).filter(([, path]) => !path);
    if (missing.length) throw new Error(`not installed: ${missing.map(([name]) => name).join(', ')}`);
    dir = keep ? resolve(process.env.CCDA_PICTURES_DIR!) : await mkdtemp(join(tmpdir(), 'quill-stylesheet-'));
    await mkdir(dir, { recursive: true });
    const cda = readCda(xml);
    const pdf = await renderCdaPdf(cda, facts);
    let rtfPdf: Buffer;
    [browser, rtfPdf] = await Promise.all([
      stylesheetLayout(xml, join(dir, 'stylesheet-chromium.png')),
      docxToPdf(renderCdaRtf(cda, facts), { format: 'rtf' }),
    ]);
    expected = browserPlacement(browser);
    for (const [name, bytes] of [
      ['quill-pdf', pdf],
      ['quill-rtf', rtfPdf],
    ] as const) {
      await writeFile(join(dir, `${name}.pdf`), bytes);
      await run('pdftoppm', ['-png', '-r', '80', join(dir, `${name}.pdf`), join(dir, name)]);
    }
    [pdfPages, rtfPages] = await Promise.all([pdfWordBoxes(pdf), pdfWordBoxes(rtfPdf)]);
    console.log(
      `stylesheet ${stylesheetPath()}; pictures in ${dir}${keep ? '' : ' (removed; set CCDA_PICTURES_DIR to keep them)'}`,
    );
  }, 180_000);

  afterAll(async () => {
    if (dir && !keep) await rm(dir, { recursive: true, force: true });
  });

  it('Chromium puts every value of the three tables under the heading the markup gives it, and breaks no word', () => {
    expect(expected.map((t) => t.head)).toEqual(SPANNED_CELLS.map((t) => [...t.head]));
    expected.forEach((table, i) => {
      expect(table.cells).toEqual(expect.arrayContaining(SPANNED_CELLS[i]!.cells));
    });
    expect(expected.flatMap((t) => t.cells).filter((c) => c.heading === '(no heading)')).toEqual([]);
    expect(browser.words).toBeGreaterThan(100);
    expect(browser.broken).toEqual([]);
  });

  it('PDF: every value under the heading Chromium shows it under, each 9-digit code whole on one line', () => {
    expect(CODES).toHaveLength(4);
    expect(misplacedValues(pdfPages, expected)).toEqual([]);
    expect(tokensNotWhole(pdfPages, CODES)).toEqual([]);
  });

  it('RTF in LibreOffice: every value under the heading Chromium shows it under, each code whole', () => {
    expect(misplacedValues(rtfPages, expected)).toEqual([]);
    expect(tokensNotWhole(rtfPages, CODES)).toEqual([]);
  });

  it('sees a value that moved column: a rendering that ignores the row spans, a code cut in two', async () => {
    // The defect: the rows under a spanning date start in its column ("Pulse" under Date).
    const ignoringSpans = readCda(xml.replace(/ rowspan="\d+"/g, ''));
    const moved = misplacedValues(await pdfWordBoxes(await renderCdaPdf(ignoringSpans, facts)), expected);
    expect(moved).toEqual(
      expect.arrayContaining([
        'Pulse under Date, not Test',
        '72/min under Test, not Value',
        'resting under Value, not Details',
      ]),
    );
    // "24898600" over "5": the code is no longer one word of the page.
    const cut = pdfPages.map((p) => ({
      ...p,
      words: p.words.flatMap((w) =>
        w.text === '248986005'
          ? [
              { ...w, text: '24898600' },
              { ...w, text: '5', yMin: w.yMax + 1, yMax: w.yMax + 1 + (w.yMax - w.yMin) },
            ]
          : [w],
      ),
    }));
    expect(tokensNotWhole(cut, CODES)).toEqual(['248986005 whole 0 of 2 times']);
  });
});
