import { message } from '@quill/core';
import { describe, expect, it } from 'vitest';
import { documentFacts } from '../../testing/documents/documentFacts.js';
import {
  headerDocument,
  nonXmlBody,
  smallPdf,
  structuredBody,
} from '../../testing/documents/headerDocuments.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import { readCda } from '../cda/readCda.js';
import { countPdfPages } from './mergePdfs.js';
import { renderCdaPdf } from './renderCdaPdf.js';
import { renderPdf } from './renderPdf.js';

const facts = documentFacts({
  jobId: 4410,
  patientName: 'Halvorsen, Ingrid',
  mrn: 'JOB-0017',
  dateOfBirth: '1962-08-30',
  dictator: 'Dr. Odile Brannigan',
});
const flat = (text: string) => text.replace(/\s+/g, ' ');
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64');

describe('renderCdaPdf: the document’s own header (issue 40)', () => {
  it('shows the job’s patient and, labelled as the document’s, the other patient it names', async () => {
    const pdf = await renderCdaPdf(readCda(headerDocument(structuredBody('Knee stable.'))), facts);
    const text = await pdfText(pdf);
    const words = flat(text);
    expect(words).toContain('Halvorsen, Ingrid');
    expect(words).toContain('JOB-0017');
    expect(words).toContain('From the document');
    for (const value of [
      'Myra Quennell',
      'DOC-4471',
      '03/12/1947',
      'Dr. Odile Brannigan',
      'Tidewater Clinic East',
      'Harbourside Records Office',
      'Dr. Lucan Ferrow',
    ])
      expect(words).toContain(value);
    // The warning, in full, before the job's facts; the document's patient after its heading.
    expect(words).toContain(
      'The document names another patient than this job: its name, MRN and date of birth differ',
    );
    expect(words.indexOf('Myra Quennell')).toBeGreaterThan(words.indexOf('From the document'));
    expect(words.indexOf('Halvorsen, Ingrid')).toBeLessThan(words.indexOf('From the document'));
    // The legal authenticator is the document's, never Quill's signature.
    expect(words).not.toMatch(/Signed/);
    expect(words).toContain('Knee stable.');
  });

  it('appends the pages of an embedded PDF body after a note saying they follow', async () => {
    const embedded = await smallPdf(2, 'Scanned letter page');
    const xml = headerDocument(nonXmlBody('mediaType="application/pdf" representation="B64"', b64(embedded)));
    const pdf = await renderCdaPdf(readCda(xml), facts);
    expect(await countPdfPages(pdf)).toBe(3);
    const first = flat(await pdfText(pdf, { first: 1 }));
    expect(first).toContain(message('documents.render.body.embeddedPdfFollows', { count: 2 }));
    expect(first).toContain('Myra Quennell');
    expect(flat(await pdfText(pdf, { first: 2 }))).toContain('Scanned letter page 1');
    expect(flat(await pdfText(pdf, { first: 3 }))).toContain('Scanned letter page 2');
  });

  it('says so, in one page, when the embedded PDF cannot be read or the base64 is invalid', async () => {
    const broken = headerDocument(
      nonXmlBody(
        'mediaType="application/pdf" representation="B64"',
        b64('%PDF-1.7 this is not a PDF at all'),
      ),
    );
    const pdf = await renderCdaPdf(readCda(broken), facts);
    expect(await countPdfPages(pdf)).toBe(1);
    expect(flat(await pdfText(pdf))).toContain(message('documents.render.body.unreadablePdf'));
    const invalid = headerDocument(
      nonXmlBody('mediaType="application/pdf" representation="B64"', '@@@not*base64'),
    );
    expect(flat(await pdfText(await renderCdaPdf(readCda(invalid), facts)))).toContain(
      message('documents.render.body.badBase64', { mediaType: 'application/pdf' }),
    );
  });

  it('renders an embedded text body as its text, and a reference as a note naming the file', async () => {
    const text = headerDocument(
      nonXmlBody('mediaType="text/plain" representation="B64"', b64('Discharge letter.\nWalk daily.')),
    );
    const lines = await pdfText(await renderCdaPdf(readCda(text), facts));
    expect(lines).toMatch(/Discharge letter\.\n\s*Walk daily\./);
    const reference = headerDocument(
      nonXmlBody('mediaType="application/pdf"', '<reference value="file:///scans/letter-77.pdf"/>'),
    );
    expect(flat(await pdfText(await renderCdaPdf(readCda(reference), facts)))).toContain(
      'The document’s body is an external file (reference): file:///scans/letter-77.pdf',
    );
  });

  it('reads back the letters it drew, whatever an earlier document drew with the same glyph', async () => {
    // A Greek capital Epsilon drawn first leaves DejaVu's E glyph with no character of its own in
    // the font objects the documents share: a later PDF's E must still read as E (copy, search).
    await renderPdf({
      title: null,
      fields: [{ label: 'P', value: 'Ελένη' }],
      sections: [],
      runningHead: null,
    });
    const text = flat(
      await pdfText(await renderCdaPdf(readCda(headerDocument(structuredBody('East wing.'))), facts)),
    );
    expect(text).toContain('East wing.');
    expect(text).toContain('Tidewater Clinic East');
  });
});
