import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cdaFixtures } from '../testing/documents/cdaFixtures.js';
import { documentFacts } from '../testing/documents/documentFacts.js';
import { pdfText } from '../testing/documents/pdfText.js';
import { wordDocument } from '../testing/wopiTestKit.js';
import { readCda } from './cda/readCda.js';
import { findSoffice } from './docx/docxToPdf.js';
import { docxToRtf } from './docx/docxToRtf.js';
import { renderCdaPdf } from './pdf/renderCdaPdf.js';
import type { DocumentFacts } from './renderable.js';
import { extractRtfText } from './rtf/extractRtfText.js';
import { renderCdaRtf } from './rtf/renderCdaRtf.js';

const dir = mkdtempSync(join(tmpdir(), 'quill-signature-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const flat = (text: string) => text.replace(/\s+/g, ' ');
const [fixture] = cdaFixtures();
const cda = readCda(fixture!.bytes);

const base = documentFacts({
  jobId: 4301,
  patientName: 'Ørsted, Zoë',
  dictator: 'Dr. Ada Lind, MD',
  timeZone: 'America/Chicago',
});
const signed: DocumentFacts = {
  ...base,
  signatures: [
    { meaning: 'author', name: 'Dr. Ada Lind, MD', signedAt: new Date('2026-03-04T15:30:00Z') },
    { meaning: 'co-signer', name: 'Björn Ek MD — Attending', signedAt: new Date('2026-07-04T01:05:00Z') },
  ],
};
const authorLine = 'Electronically signed by Dr. Ada Lind, MD on 03/04/2026 09:30 (CST)';
const coLine = 'Electronically co-signed by Björn Ek MD — Attending on 07/03/2026 20:05 (CDT)';
const addendum = {
  createdAt: new Date('2026-07-05T14:00:00Z'),
  author: 'Tess Typist',
  reason: 'Allergy list corrected',
};
const addendumLine = 'Addendum — 07/05/2026 09:00 CDT, Tess Typist, Allergy list corrected';

/** An RTF as LibreOffice reads it back (soffice --convert-to txt): an independent reader. */
function libreOfficeText(rtf: Buffer, name: string): string {
  const file = join(dir, `${name}.rtf`);
  writeFileSync(file, rtf);
  execFileSync(
    findSoffice()!,
    ['--headless', '--convert-to', 'txt:Text (encoded):UTF8', '--outdir', dir, file],
    {
      env: { ...process.env, HOME: dir },
      stdio: 'ignore',
    },
  );
  // LibreOffice's text export joins dates with word joiners and writes hyphens as non-breaking ones.
  return readFileSync(join(dir, `${name}.txt`), 'utf8')
    .replace(/\u2060/g, '')
    .replace(/\u2011/g, '-');
}

describe('Quill’s signatures in the PDF and RTF renderings (issue 43)', () => {
  it('prints the author’s and the co-signer’s lines after the text of a signed PDF, no draft mark', async () => {
    const text = flat(await pdfText(await renderCdaPdf(cda, { ...signed, addendum })));
    expect(text).toContain(authorLine);
    expect(text).toContain(coLine);
    expect(text).not.toContain('Unsigned draft');
    // The addendum's mark comes before the text, the signatures after it.
    const firstSection = cda.sections.find((s) => s.title)!.title;
    expect(text.indexOf(addendumLine)).toBeGreaterThan(-1);
    expect(text.indexOf(addendumLine)).toBeLessThan(text.indexOf(firstSection));
    expect(text.indexOf(authorLine)).toBeGreaterThan(text.lastIndexOf(firstSection));
  });

  it('prints "Unsigned draft" above the title of an unsigned PDF, "Preliminary — not signed" on a preliminary copy', async () => {
    const draft = flat(await pdfText(await renderCdaPdf(cda, base)));
    expect(draft.trim().startsWith('Unsigned draft')).toBe(true);
    expect(draft).not.toContain('Electronically signed');
    const preliminary = flat(await pdfText(await renderCdaPdf(cda, { ...base, preliminary: true })));
    expect(preliminary.trim().startsWith('Preliminary — not signed')).toBe(true);
    expect(preliminary).not.toContain('Unsigned draft');
  });

  it('prints the same lines in the RTF, as our reader and a Word document’s RTF read them', async () => {
    const text = flat(extractRtfText(renderCdaRtf(cda, { ...signed, addendum })));
    for (const line of [authorLine, coLine, addendumLine]) expect(text).toContain(line);
    expect(flat(extractRtfText(renderCdaRtf(cda, base)))).toContain('Unsigned draft');
    const word = flat(extractRtfText(await docxToRtf(wordDocument(), undefined, signed)));
    expect(word).toContain(authorLine);
  });

  it.runIf(findSoffice())(
    'reads the same in LibreOffice (soffice --convert-to txt)',
    () => {
      const text = flat(libreOfficeText(renderCdaRtf(cda, { ...signed, addendum }), 'signed'));
      for (const line of [authorLine, coLine, addendumLine]) expect(text).toContain(line);
      const draft = flat(libreOfficeText(renderCdaRtf(cda, { ...base, preliminary: true }), 'draft'));
      expect(draft.trim().startsWith('Preliminary — not signed')).toBe(true);
    },
    120_000,
  );
});
