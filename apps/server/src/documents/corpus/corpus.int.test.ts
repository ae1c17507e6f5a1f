import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boxLines,
  checkPlacement,
  type MisplacedCell,
  missingWords,
  type Narrative,
  type PlacedLines,
  readNarrative,
  type SplitToken,
  splitTokens,
  stackedWords,
} from '../../testing/ccdaCorpus/corpusChecks.js';
import { CORPUS_FACTS } from '../../testing/ccdaCorpus/corpusFacts.js';
import { generateCorpus } from '../../testing/ccdaCorpus/generateCorpus.js';
import { cdaFixtures } from '../../testing/documents/cdaFixtures.js';
import { pdfWordBoxes } from '../../testing/documents/pdfProbe.js';
import { decodeXml } from '../decodeXml.js';
import { findSoffice } from '../docx/docxToPdf.js';
import { DEFAULT_DOCUMENT_LIMITS } from '../limits.js';
import { documentTasks } from '../pool/documentTasks.js';

const run = promisify(execFile);

/**
 * Issue 40's corpus test: every document of the corpus — the shared HL7 C-CDA examples, our own
 * generated vendor styles, and (CCDA_CORPUS_DIR, colon-separated directories, searched for *.xml)
 * real documents on the machine — is checked and read as an import is (documentTasks.checkDocument),
 * rendered to PDF and RTF by the functions the document threads run (documentTasks.render), and read
 * back: the PDF with `pdftotext -layout`, the RTF with LibreOffice (text for its words, PDF then
 * `pdftotext -layout` for its layout). Every narrative word present, no token split over lines,
 * every cell of a spanned table under its own header; the counts are printed.
 */

interface CorpusDocument {
  name: string;
  source: string;
  bytes: Buffer;
}

async function xmlFilesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.toLowerCase().endsWith('.xml'))
      out.push(join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name));
  }
  return out.sort();
}

/** The corpus: shared fixtures, generated documents, and CCDA_CORPUS_DIR's CDA files. */
async function gatherCorpus(): Promise<{ docs: CorpusDocument[]; skipped: number }> {
  const docs: CorpusDocument[] = [
    ...cdaFixtures().map((f) => ({ name: f.name, source: 'fixtures', bytes: f.bytes })),
    ...generateCorpus().map((d) => ({
      name: d.name,
      source: `generated:${d.style}`,
      bytes: Buffer.from(d.xml),
    })),
  ];
  let skipped = 0;
  for (const dir of (process.env.CCDA_CORPUS_DIR ?? '').split(':').filter(Boolean)) {
    for (const file of await xmlFilesUnder(dir)) {
      const bytes = await readFile(file);
      // Only CDA documents: other XML (schemas, stylesheets, FHIR, vocabularies) is counted and left.
      if (!/<(?:\w+:)?ClinicalDocument[\s>]/.test(bytes.toString('latin1', 0, 64 * 1024))) {
        skipped++;
        continue;
      }
      docs.push({ name: file.slice(dir.length).replace(/^\/+/, ''), source: dir, bytes });
    }
  }
  return { docs, skipped };
}

async function pdfLayout(file: string): Promise<string> {
  return (await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 }))
    .stdout;
}

/** Where each word of a PDF file sits (cell placement is judged on the page's own geometry). */
async function placedWords(file: string): Promise<PlacedLines> {
  return boxLines(await pdfWordBoxes(await readFile(file)));
}

/** Runs `fn` over `items`, `width` at a time. */
async function eachLimited<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

interface Findings {
  document: string;
  output: 'pdf' | 'rtf';
  missing: string[];
  split: SplitToken[];
  misplaced: MisplacedCell[];
}

function check(
  narrative: Narrative,
  words: string,
  layout: string,
  placed: PlacedLines,
): Omit<Findings, 'document' | 'output'> & { checked: number } {
  const misplaced: MisplacedCell[] = [];
  let checked = 0;
  let from = 0;
  for (const table of narrative.tables) {
    if (!table.spanned) continue;
    const r = checkPlacement(table, placed, from);
    checked += r.checked;
    misplaced.push(...r.misplaced);
    from = r.endLine;
  }
  const splits = splitTokens(layout, narrative.words, stackedWords(narrative.tables));
  return {
    // A token split over lines is counted as split, not also as missing.
    missing: missingWords(narrative.words, words).filter((w) => !splits.some((s) => s.token === w)),
    split: splits,
    misplaced,
    checked,
  };
}

const soffice = findSoffice();

describe('the C-CDA corpus renders every word, no token split, every spanned cell under its header', () => {
  let dir: string;
  const findings: Findings[] = [];
  const counts = {
    documents: 0,
    refused: [] as string[],
    skippedNotCda: 0,
    words: 0,
    tables: 0,
    spannedTables: 0,
    spannedCells: 0,
    checkedCells: 0,
    /** RTF files LibreOffice did not turn into text or PDF. */
    unreadRtf: [] as string[],
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quill-corpus-'));
    await mkdir(join(dir, 'rtf'));
    await mkdir(join(dir, 'rtf-pdf'));
    await mkdir(join(dir, 'rtf-txt'));
  });
  afterAll(async () => {
    // CCDA_CORPUS_KEEP=1 keeps the renderings to look at (the path is printed).
    if (process.env.CCDA_CORPUS_KEEP) console.log(`renderings kept in ${dir}`);
    else if (dir) await rm(dir, { recursive: true, force: true });
  });

  // Real documents from disk (a local run) may number in the thousands: hours, not minutes.
  const timeout = process.env.CCDA_CORPUS_DIR ? 4 * 3600_000 : 600_000;

  it('renders and reads back the corpus', { timeout }, async () => {
    expect(soffice, 'LibreOffice (soffice) reads the RTF back').not.toBeNull();
    const { docs, skipped } = await gatherCorpus();
    counts.skippedNotCda = skipped;
    const narratives = new Map<string, Narrative>();
    const ids: string[] = [];
    const limits = DEFAULT_DOCUMENT_LIMITS;
    // Import check and render, as the document threads do (in this process: the same functions).
    await eachLimited(docs, 2, async (doc, i) => {
      const id = `d${String(i).padStart(4, '0')}`;
      try {
        expect(await documentTasks.checkDocument({ bytes: doc.bytes, limits })).toBe('CDA');
        const narrative = readNarrative(decodeXml(doc.bytes));
        const render = (format: 'pdf' | 'rtf') =>
          documentTasks.render({
            stored: doc.bytes,
            storedFormat: 'CDA',
            format,
            facts: CORPUS_FACTS,
            limits,
          });
        await writeFile(join(dir, `${id}.pdf`), await render('pdf'));
        await writeFile(join(dir, 'rtf', `${id}.rtf`), await render('rtf'));
        narratives.set(id, narrative);
        ids[i] = id;
      } catch (err) {
        counts.refused.push(`${doc.source}/${doc.name}: ${(err as Error).message.slice(0, 200)}`);
      }
    });
    // LibreOffice once for all the RTF files, to text (its words) and to PDF (its layout).
    const rtfs = ids.filter(Boolean).map((id) => join(dir, 'rtf', `${id}.rtf`));
    const profile = `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`;
    for (const [filter, out] of [
      ['txt:Text', 'rtf-txt'],
      ['pdf', 'rtf-pdf'],
    ] as const) {
      for (let i = 0; i < rtfs.length; i += 200) {
        await run(
          soffice!,
          [
            '--headless',
            '--norestore',
            profile,
            '--convert-to',
            filter,
            '--outdir',
            join(dir, out),
            ...rtfs.slice(i, i + 200),
          ],
          { timeout, maxBuffer: 16 * 1024 * 1024 },
        );
      }
    }
    await eachLimited(
      ids.map((id, i) => [id, docs[i]!] as const).filter(([id]) => id),
      4,
      async ([id, doc]) => {
        const narrative = narratives.get(id)!;
        const name = `${doc.source}/${doc.name}`;
        if (process.env.CCDA_CORPUS_KEEP) await writeFile(join(dir, `${id}.name`), name);
        counts.documents++;
        counts.words += narrative.words.length;
        counts.tables += narrative.tables.length;
        const spanned = narrative.tables.filter((t) => t.spanned);
        counts.spannedTables += spanned.length;
        counts.spannedCells += spanned.reduce(
          (n, t) => n + t.cells.filter((c) => c.rowspan > 1 || c.colspan > 1).length,
          0,
        );
        const pdfText = await pdfLayout(join(dir, `${id}.pdf`));
        const pdf = check(narrative, pdfText, pdfText, await placedWords(join(dir, `${id}.pdf`)));
        counts.checkedCells += pdf.checked;
        findings.push({ document: name, output: 'pdf', ...pdf });
        const rtfWords = await readFile(join(dir, 'rtf-txt', `${id}.txt`), 'utf8').catch(() => '');
        const rtfLayout = await pdfLayout(join(dir, 'rtf-pdf', `${id}.pdf`)).catch(() => '');
        if (!rtfWords.trim() || !rtfLayout.trim()) counts.unreadRtf.push(name);
        const rtfPlaced = await placedWords(join(dir, 'rtf-pdf', `${id}.pdf`)).catch(() => boxLines([]));
        const rtf = check(narrative, rtfWords, rtfLayout, rtfPlaced);
        counts.checkedCells += rtf.checked;
        findings.push({ document: name, output: 'rtf', ...rtf });
      },
    );

    const total = (key: 'missing' | 'split' | 'misplaced', output: 'pdf' | 'rtf') =>
      findings.filter((f) => f.output === output).reduce((n, f) => n + f[key].length, 0);
    const docsWith = (key: 'missing' | 'split' | 'misplaced') =>
      new Set(findings.filter((f) => f[key].length).map((f) => f.document)).size;
    const lines = [
      `C-CDA corpus: ${counts.documents} documents rendered (${counts.refused.length} refused at import, ${counts.skippedNotCda} non-CDA XML files skipped, ${counts.unreadRtf.length} RTF not read back)`,
      `  narrative words ${counts.words}, tables ${counts.tables}, tables with spans ${counts.spannedTables}, spanned cells ${counts.spannedCells}, cells checked for column ${counts.checkedCells}`,
      `  missing words: PDF ${total('missing', 'pdf')}, RTF ${total('missing', 'rtf')} (${docsWith('missing')} documents)`,
      `  split tokens: PDF ${total('split', 'pdf')}, RTF ${total('split', 'rtf')} (${docsWith('split')} documents; a line ending after a hyphen inside a token counts)`,
      `  misplaced cells: PDF ${total('misplaced', 'pdf')}, RTF ${total('misplaced', 'rtf')} (${docsWith('misplaced')} documents)`,
    ];
    const rank = (f: Findings) => (f.missing.length ? 0 : f.split.length ? 1 : 2);
    const detail = findings
      .filter((f) => f.missing.length || f.split.length || f.misplaced.length)
      .sort((a, b) => rank(a) - rank(b) || a.document.localeCompare(b.document))
      .slice(0, 60)
      .map(
        (f) =>
          `  ${f.output} ${f.document}: ` +
          [
            f.missing.length ? `missing ${f.missing.slice(0, 5).join(' | ')}` : '',
            f.split.length
              ? `split ${f.split
                  .slice(0, 5)
                  .map((s) => s.pieces.join(' / '))
                  .join(', ')}`
              : '',
            f.misplaced.length
              ? `misplaced ${f.misplaced
                  .slice(0, 3)
                  .map((m) => `"${m.text.slice(0, 30)}" under ${m.found ?? '?'} not ${m.expected}`)
                  .join(', ')}`
              : '',
          ]
            .filter(Boolean)
            .join('; '),
      );
    console.log(
      [...lines, ...counts.refused.slice(0, 20).map((r) => `  refused ${r}`), ...detail].join('\n'),
    );

    expect(counts.documents).toBeGreaterThanOrEqual(100);
    expect(counts.unreadRtf).toEqual([]);
    // A committed document is always taken; one from CCDA_CORPUS_DIR may be refused (it is listed).
    expect(counts.refused.filter((r) => r.startsWith('fixtures/') || r.startsWith('generated:'))).toEqual([]);
    expect(findings.filter((f) => f.missing.length).map((f) => `${f.output} ${f.document}`)).toEqual([]);
    expect(
      findings.flatMap((f) => f.split.map((s) => `${f.output} ${f.document}: ${s.pieces.join(' / ')}`)),
    ).toEqual([]);
    expect(
      findings.flatMap((f) =>
        f.misplaced.map((m) => `${f.output} ${f.document}: "${m.text}" under ${m.found} not ${m.expected}`),
      ),
    ).toEqual([]);
  });
});
