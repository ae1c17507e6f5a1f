import { message } from '@quill/core';
import { unprocessable } from '../errors/domainErrors.js';
import { NotCdaError } from './cda/readCda.js';
import { XmlSyntaxError } from './cda/xmlTree.js';
import { documentRefusal } from './documentRefusal.js';
import { docxToPdf } from './docx/docxToPdf.js';
import { NotDocxError } from './docx/readDocx.js';
import type { DocumentPool } from './pool/documentPool.js';
import { asBuffer } from './pool/poolErrors.js';
import type { DocumentFacts } from './renderable.js';

/**
 * A stored document version's bytes rendered as PDF or RTF. CDA → renderCdaPdf / renderCdaRtf with
 * the job's facts in the header; DOCX → LibreOffice for PDF (unavailable when it is not installed)
 * and our RTF writer from the document text. A document that cannot be read is unprocessable.
 */
export async function renderStoredDocument(
  pool: DocumentPool,
  stored: Buffer,
  storedFormat: string,
  format: 'pdf' | 'rtf',
  facts: DocumentFacts,
): Promise<Buffer> {
  try {
    if (storedFormat === 'DOCX' && format === 'pdf') {
      // LibreOffice converts in its own process; the package is checked within the limits first.
      await pool.run('checkDocxPackage', { bytes: stored });
      return await docxToPdf(stored);
    }
    // Read and rendered on a document thread (documents/pool): never on the event loop.
    return asBuffer(await pool.run('render', { stored, storedFormat, format, facts }));
  } catch (err) {
    const refusal = documentRefusal(err);
    if (refusal) throw refusal;
    if (err instanceof XmlSyntaxError || err instanceof NotDocxError || err instanceof NotCdaError) {
      // Stored before intake checked documents: say so rather than fail with a 500.
      throw unprocessable(message('documents.notReadable', { jobId: facts.jobId, detail: err.message }));
    }
    throw err;
  }
}
