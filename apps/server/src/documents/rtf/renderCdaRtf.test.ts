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
import { docxToPdf, findSoffice } from '../docx/docxToPdf.js';
import { extractRtfText } from './extractRtfText.js';
import { renderCdaRtf } from './renderCdaRtf.js';

const facts = documentFacts({ jobId: 4410, patientName: 'Halvorsen, Ingrid', mrn: 'JOB-0017' });
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('renderCdaRtf: the document’s own header and body (issue 40)', () => {
  const other = readCda(headerDocument(structuredBody('Knee stable.')));

  it('shows the job’s patient, the warning, and the document’s header under its heading', () => {
    const text = flat(extractRtfText(renderCdaRtf(other, facts)));
    expect(text).toContain('The document names another patient than this job: its name and MRN differ');
    const heading = text.indexOf(message('documents.render.fromDocument.heading'));
    expect(heading).toBeGreaterThan(text.indexOf('Halvorsen, Ingrid'));
    for (const value of ['Myra Quennell', 'DOC-4471', 'Dr. Lucan Ferrow', 'Harbourside Records Office'])
      expect(text.indexOf(value)).toBeGreaterThan(heading);
    expect(text).toContain(`${message('documents.render.fromDocument.legalAuthenticator')} Dr. Lucan Ferrow`);
    expect(text).not.toMatch(/Signed/);
  });

  it('says that an embedded PDF body is in the PDF rendering', async () => {
    const pdf = (await smallPdf(1)).toString('base64');
    const cda = readCda(headerDocument(nonXmlBody('mediaType="application/pdf" representation="B64"', pdf)));
    const text = flat(extractRtfText(renderCdaRtf(cda, facts)));
    expect(text).toContain(message('documents.render.body.embeddedPdfInRtf'));
    expect(text).not.toContain('JVBER');
  });

  it.runIf(findSoffice())(
    'reads the same in LibreOffice',
    async () => {
      const text = flat(await pdfText(await docxToPdf(renderCdaRtf(other, facts), { format: 'rtf' })));
      expect(text).toContain('From the document');
      expect(text).toContain('Myra Quennell');
      expect(text).toContain('Halvorsen, Ingrid');
      expect(text).toContain('Knee stable.');
    },
    120_000,
  );
});
