import { message } from '@quill/core';
import { unprocessable } from '../errors/domainErrors.js';
import { NotCdaError, readCda } from './cda/readCda.js';
import { XmlSyntaxError } from './cda/xmlTree.js';
import { docxToPdf } from './docx/docxToPdf.js';
import { docxToRtf } from './docx/docxToRtf.js';
import { NotDocxError } from './docx/readDocx.js';
import { renderCdaPdf } from './pdf/renderCdaPdf.js';
import type { DocumentFacts } from './renderable.js';
import { renderCdaRtf } from './rtf/renderCdaRtf.js';

/**
 * A stored document version's bytes rendered as PDF or RTF. CDA → renderCdaPdf / renderCdaRtf with
 * the job's facts in the header; DOCX → LibreOffice for PDF (unavailable when it is not installed)
 * and our RTF writer from the document text. A document that cannot be read is unprocessable.
 */
export async function renderStoredDocument(
  stored: Buffer,
  storedFormat: string,
  format: 'pdf' | 'rtf',
  facts: DocumentFacts,
): Promise<Buffer> {
  try {
    if (storedFormat === 'DOCX') return format === 'pdf' ? await docxToPdf(stored) : await docxToRtf(stored);
    const cda = readCda(stored);
    return format === 'pdf' ? await renderCdaPdf(cda, facts) : renderCdaRtf(cda, facts);
  } catch (err) {
    if (err instanceof XmlSyntaxError || err instanceof NotDocxError || err instanceof NotCdaError) {
      // Stored before intake checked documents: say so rather than fail with a 500.
      throw unprocessable(message('documents.notReadable', { jobId: facts.jobId, detail: err.message }));
    }
    throw err;
  }
}
