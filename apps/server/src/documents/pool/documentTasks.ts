import type { CdaEditModel, CdaEdits, DocumentPatient, HoldQueueFacts } from '@quill/core';
import { cdaPatient, documentFacts } from '../cda/cdaFacts.js';
import { applyCdaEdits } from '../cda/edit/applyCdaEdits.js';
import { readCdaEditModel } from '../cda/edit/readCdaEditModel.js';
import { readCda } from '../cda/readCda.js';
import { looksLikeXml } from '../decodeXml.js';
import { checkDocxPackage } from '../docx/checkDocxPackage.js';
import { docxPatient } from '../docx/docxPatient.js';
import { docxToRtf } from '../docx/docxToRtf.js';
import { readDocx } from '../docx/readDocx.js';
import type { DocumentLimits } from '../limits.js';
import { renderCdaPdf } from '../pdf/renderCdaPdf.js';
import { type SignatureFacts, signPdf } from '../pdf/signPdf.js';
import type { DocumentFacts } from '../renderable.js';
import { renderCdaRtf } from '../rtf/renderCdaRtf.js';
import { readCsv } from '../sheet/readCsv.js';
import type { SheetShapeLimits } from '../sheet/sheetLimits.js';
import { readXlsxRows } from '../xlsx/readXlsxRows.js';
import { asBuffer, UnsupportedDocumentError } from './poolErrors.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * What the document threads do (documents/pool): each task reads, checks or renders one document
 * within the limits it is given and answers plain data (bytes, text, models) that crosses threads.
 */
export const documentTasks = {
  /** The stored format of an upload: 'DOCX' for a readable Word document, 'CDA' for CDA text. */
  async checkDocument(input: { bytes: Uint8Array; limits: DocumentLimits }): Promise<'CDA' | 'DOCX'> {
    const bytes = asBuffer(input.bytes);
    if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
      await readDocx(bytes, input.limits);
      return 'DOCX';
    }
    // Text: markup in an encoding it states (decodeXml), else neither of the formats we take.
    if (!looksLikeXml(bytes)) throw new UnsupportedDocumentError();
    readCda(bytes, input.limits);
    return 'CDA';
  },
  async checkDocxPackage(input: { bytes: Uint8Array; limits: DocumentLimits }): Promise<void> {
    await checkDocxPackage(asBuffer(input.bytes), input.limits);
  },
  /** A stored CDA as PDF or RTF, or a stored DOCX as RTF (its PDF is LibreOffice's). */
  async render(input: {
    stored: Uint8Array;
    storedFormat: string;
    format: 'pdf' | 'rtf';
    facts: DocumentFacts;
    limits: DocumentLimits;
  }): Promise<Uint8Array> {
    const stored = asBuffer(input.stored);
    if (input.storedFormat === 'DOCX') return docxToRtf(stored, input.limits, input.facts);
    const cda = readCda(stored, input.limits);
    return input.format === 'pdf' ? renderCdaPdf(cda, input.facts) : renderCdaRtf(cda, input.facts);
  },
  /**
   * A PDF sealed with a PAdES signature (issue 43): the PKCS#12 opened and the RSA signature made
   * by node-forge in JavaScript, some 200 ms a document — here, never on the server's event loop.
   */
  async signPdf(input: {
    pdf: Uint8Array;
    certificate: { p12: Uint8Array; password: string };
    facts: SignatureFacts;
  }): Promise<Uint8Array> {
    const { p12, password } = input.certificate;
    return signPdf(asBuffer(input.pdf), { p12: asBuffer(p12), password }, input.facts);
  },
  async readCdaEditModel(input: { xml: string; limits: DocumentLimits }): Promise<CdaEditModel> {
    return readCdaEditModel(input.xml, input.limits);
  },
  async applyCdaEdits(input: { xml: string; edits: CdaEdits; limits: DocumentLimits }): Promise<string> {
    return applyCdaEdits(input.xml, input.edits, input.limits);
  },
  /** What the CDA text says for the hold-queue rules. */
  async cdaFacts(input: { xml: string; limits: DocumentLimits }): Promise<HoldQueueFacts['document']> {
    return documentFacts(input.xml, input.limits);
  },
  /** Who a stored CDA or Word document says it is about (issue 39). */
  async documentPatient(input: {
    stored: Uint8Array;
    storedFormat: string;
    limits: DocumentLimits;
  }): Promise<DocumentPatient> {
    const stored = asBuffer(input.stored);
    if (input.storedFormat === 'DOCX') return docxPatient(await readDocx(stored, input.limits));
    return cdaPatient(readCda(stored, input.limits));
  },
  /**
   * An uploaded spreadsheet (an .xlsx's first sheet) or CSV as rows of cell text, stopped at the
   * first cell, column or row past `shape` (issue 41: read here, never on the server's event loop).
   */
  async readSheet(input: {
    bytes: Uint8Array;
    format: 'csv' | 'xlsx';
    shape: SheetShapeLimits;
    limits: DocumentLimits;
  }): Promise<string[][]> {
    const bytes = asBuffer(input.bytes);
    if (input.format === 'csv') return readCsv(bytes, input.shape);
    return readXlsxRows(bytes, input.limits, input.shape);
  },
};

export type DocumentTasks = typeof documentTasks;
export type DocumentTaskName = keyof DocumentTasks;
