import { message } from '@quill/core';
import type { CdaDocument } from '../cda/readCda.js';
import { cdaRenderable, type DocumentFacts } from '../renderable.js';
import { renderRtf } from './renderRtf.js';

/**
 * A CDA document as RTF: the same header, sections and narrative as the PDF, page numbers in the
 * footer. An embedded PDF body (issue 40) is a note: its pages are in the PDF rendering.
 */
export function renderCdaRtf(cda: CdaDocument, facts: DocumentFacts): Buffer {
  const pdfBody = cda.nonXmlBody?.content.kind === 'pdf';
  return renderRtf(
    cdaRenderable(cda, facts, pdfBody ? { bodyNote: message('documents.render.body.embeddedPdfInRtf') } : {}),
  );
}
