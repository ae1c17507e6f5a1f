import type { CdaDocument } from '../cda/readCda.js';
import { cdaRenderable, type DocumentFacts } from '../renderable.js';
import { type PageSize, renderPdf } from './renderPdf.js';

/**
 * A CDA document as PDF: the job's facts (patient, dictator, dates, work type, facility) in the
 * header, then every section's title and narrative, with page numbers.
 */
export function renderCdaPdf(
  cda: CdaDocument,
  facts: DocumentFacts,
  opts: { size?: PageSize } = {},
): Promise<Buffer> {
  return renderPdf(cdaRenderable(cda, facts), opts);
}
