import { describe, expect, it } from 'vitest';
import { documentFacts } from '../testing/documents/documentFacts.js';
import { type ProbedPage, pdfWordBoxes } from '../testing/documents/pdfProbe.js';
import { pdfText } from '../testing/documents/pdfText.js';
import { misplacedValues, SPANNED_CELLS, spannedTablesDocument } from '../testing/documents/spannedTables.js';
import { readCda } from './cda/readCda.js';
import { docxToPdf, findSoffice } from './docx/docxToPdf.js';
import { layoutBlocks, SIZES } from './pdf/layoutFlow.js';
import { textMeasure } from './pdf/measure.js';
import { renderCdaPdf } from './pdf/renderCdaPdf.js';
import { renderCdaRtf } from './rtf/renderCdaRtf.js';

const facts = documentFacts();
/** Tokens the issue found split across lines: each must stand whole on one line. */
const TOKENS = [
  '248986005',
  '651684654',
  'Completed',
  'A1B2C3D4E5',
  'AHAVB946A',
  '05/01/2024',
  '03/14/2019',
  '10/06/2023',
  '37.2Cel',
  'Intramuscular',
  'Manufacturer',
  'Incorporated',
  'preservative',
];

/** The tokens not found whole on a line of `pdftotext -layout` text. */
const splitTokens = (text: string) =>
  TOKENS.filter((t) => !text.split('\n').some((line) => line.split(/\s+/).includes(t)));

/** The first words of the tables' body rows (a row span keeps its rows together). */
const FIRST_CELLS = ['05/01/2024', '05/02/2024', 'Hypertension', 'Essential', 'Influenza,', 'Tetanus'];

/** Each page's footer "Page N of M" as [N, M]. */
function pageFooters(pages: readonly string[]): [number, number][] {
  return pages.map((p) => {
    const m = [...p.matchAll(/Page (\d+) of (\d+)/g)].at(-1);
    return m ? [Number(m[1]), Number(m[2])] : [0, 0];
  });
}

describe('tables laid out like the HL7 stylesheet', () => {
  it('PDF: every value of a row-spanned vital signs table and a narrow code column sits under its heading', async () => {
    const pdf = await renderCdaPdf(readCda(spannedTablesDocument()), facts);
    const pages = await pdfWordBoxes(pdf);
    expect(SPANNED_CELLS.flatMap((t) => t.cells).length).toBeGreaterThan(25);
    expect(misplacedValues(pages)).toEqual([]);
    expect(splitTokens(await pdfText(pdf))).toEqual([]);
  });

  it('PDF: a table head row never stands alone at the foot of a page', async () => {
    // Paragraphs of growing length move the tables down the page until a head row would land at its foot.
    const lonely: string[] = [];
    for (let words = 300; words <= 540; words += 15) {
      const xml = spannedTablesDocument(1, words);
      const pages: ProbedPage[] = await pdfWordBoxes(await renderCdaPdf(readCda(xml), facts));
      pages.forEach((page, i) => {
        for (const head of page.words.filter((w) => ['Date', 'Problem', 'Vaccine'].includes(w.text))) {
          const below = page.words.filter((w) => w.yMin > head.yMax + 2 && w.yMax < page.height - 40);
          const values = below.filter((w) => FIRST_CELLS.includes(w.text));
          if (!values.length) lonely.push(`${words} words: ${head.text} alone at the foot of page ${i + 1}`);
        }
      });
    }
    expect(lonely).toEqual([]);
  });

  it('lays a table whose markup says border="0" out without a grid, and others with one', () => {
    const cda = readCda(spannedTablesDocument());
    const flows = layoutBlocks(cda.sections[0]!.blocks, 500, {
      measure: textMeasure(),
      size: SIZES.body,
      tables: true,
    });
    const tables = flows.flatMap((f) => (f.kind === 'table' ? [f] : []));
    expect(tables.map((t) => t.borders)).toEqual([true, true, true, false]);
  });

  it('RTF: vertically merged cells for the row span, and no borders on the layout table', () => {
    const rtf = renderCdaRtf(readCda(spannedTablesDocument()), facts).toString('latin1');
    // The date spans three rows, then two: one \clvmgf each, \clvmrg in the rows below.
    expect(rtf.match(/\\clvmgf/g)).toHaveLength(2);
    expect(rtf.match(/\\clvmrg/g)).toHaveLength(3);
    const layoutRow = rtf.split('\\row').find((r) => r.includes('Layoutcell'))!;
    expect(layoutRow).not.toContain('\\clbrdr');
    expect(rtf.split('\\row').find((r) => r.includes('248986005'))).toContain('\\clbrdr');
  });

  it.runIf(findSoffice())(
    'RTF in LibreOffice: the same values under the same headings, no token split, and Page N of M right',
    async () => {
      const one = await docxToPdf(renderCdaRtf(readCda(spannedTablesDocument()), facts), { format: 'rtf' });
      expect(misplacedValues(await pdfWordBoxes(one))).toEqual([]);
      expect(splitTokens(await pdfText(one))).toEqual([]);
      const long = await docxToPdf(renderCdaRtf(readCda(spannedTablesDocument(6)), facts), { format: 'rtf' });
      const pages = (await pdfText(long)).split('\f').filter((p) => p.trim());
      expect(pages.length).toBeGreaterThan(2);
      expect(pageFooters(pages)).toEqual(pages.map((_, i) => [i + 1, pages.length]));
    },
    120_000,
  );

  it('PDF: Page N of M on every page of a long document', async () => {
    const pages = (await pdfText(await renderCdaPdf(readCda(spannedTablesDocument(6)), facts)))
      .split('\f')
      .filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(2);
    expect(pageFooters(pages)).toEqual(pages.map((_, i) => [i + 1, pages.length]));
  });
});
