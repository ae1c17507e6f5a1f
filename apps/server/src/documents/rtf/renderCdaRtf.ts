import type { CdaDocument } from '../cda/readCda.js';
import { cdaRenderable, type DocumentFacts } from '../renderable.js';
import { renderRtf } from './renderRtf.js';

/** A CDA document as RTF: the same header, sections and narrative as the PDF, page numbers in the footer. */
export function renderCdaRtf(cda: CdaDocument, facts: DocumentFacts): Buffer {
  return renderRtf(cdaRenderable(cda, facts));
}
