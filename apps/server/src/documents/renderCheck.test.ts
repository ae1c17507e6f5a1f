import { describe, expect, it } from 'vitest';
import { cdaFixtures, fixtureSections } from '../testing/documents/cdaFixtures.js';
import { documentFacts } from '../testing/documents/documentFacts.js';
import { pdfText } from '../testing/documents/pdfText.js';
import { spannedTablesDocument } from '../testing/documents/spannedTables.js';
import { VITAL_SIGNS_HEADINGS, vitalSignsDocument } from '../testing/documents/vitalSignsTable.js';
import { readCda } from './cda/readCda.js';
import { docxToPdf, findSoffice } from './docx/docxToPdf.js';
import { renderCdaPdf } from './pdf/renderCdaPdf.js';
import { renderCdaRtf } from './rtf/renderCdaRtf.js';

const facts = documentFacts();

const documents = [
  ...cdaFixtures().map(({ name, bytes }) => ({ name, xml: bytes.toString('utf8') })),
  { name: 'a 9-column vital signs table', xml: vitalSignsDocument() },
  { name: 'a 25-column table, continued', xml: vitalSignsDocument(3) },
  { name: 'row-spanned vital signs, codes in narrow columns', xml: spannedTablesDocument() },
];

const occurrences = (text: string, word: string) => text.split(word).length - 1;

/**
 * The narrative words of the source (read by a regular expression, not by the product) that a
 * rendering's text, line by line, does not hold whole as often as the source does: a word split
 * across two lines is missing once, also after a hyphen ("200902271300-0500" is one word). A
 * non-breaking hyphen (the RTF's `\_`) reads as a hyphen, a word joiner as nothing.
 */
function splitWords(xml: string, rendered: string): string[] {
  const words = fixtureSections(xml).flatMap((s) => s.words);
  const lines = rendered
    .replace(/\u2011/g, '-')
    .replace(/\u2060/g, '')
    .split('\n');
  const source = new Map<string, number>();
  for (const w of words) source.set(w, 0);
  for (const w of source.keys())
    source.set(
      w,
      words.reduce((n, other) => n + occurrences(other, w), 0),
    );
  return [...source]
    .filter(([w, n]) => lines.reduce((sum, line) => sum + occurrences(line, w), 0) < n)
    .map(([w]) => w);
}

describe('render check: every narrative word whole on its line', () => {
  it.each(documents)('$name as PDF (pdftotext -layout)', async ({ xml }) => {
    const text = await pdfText(await renderCdaPdf(readCda(xml), facts));
    expect(fixtureSections(xml).flatMap((s) => s.words).length).toBeGreaterThan(10);
    expect(splitWords(xml, text)).toEqual([]);
  });

  it('the 9-column vital signs table keeps its headings, dates and values whole', async () => {
    const text = await pdfText(await renderCdaPdf(readCda(vitalSignsDocument()), facts));
    for (const word of [...VITAL_SIGNS_HEADINGS, '05/20/2014', '120/80mm[Hg]', '27.4kg/m2'])
      expect(text).toContain(word);
    // The head row is one line: every heading side by side, in order.
    expect(text).toMatch(new RegExp(VITAL_SIGNS_HEADINGS.map((h) => h.replace(/\s/g, ' ')).join('\\s+')));
  });

  it('continues a table too wide for the page with its first column and head again', async () => {
    const text = await pdfText(await renderCdaPdf(readCda(vitalSignsDocument(3)), facts));
    const notes = text.match(/Table continued: columns \d+ to \d+ of 25/g) ?? [];
    expect(notes.length).toBeGreaterThan(0);
    // Every continuation repeats the dates (the key column) and its part of the head.
    expect(occurrences(text, '05/20/2014')).toBe(notes.length + 1);
    expect(text).toContain('SpO2 (visit 3)');
  });

  it.runIf(findSoffice())(
    'every document as RTF, laid out by LibreOffice (pdftotext -layout)',
    async () => {
      for (const { name, xml } of documents) {
        const pdf = await docxToPdf(renderCdaRtf(readCda(xml), facts), { format: 'rtf' });
        expect([name, splitWords(xml, await pdfText(pdf))]).toEqual([name, []]);
      }
    },
    240_000,
  );
});
