import type { AppContext } from '../../context.js';
import { renderJobDocument } from './renderJobDocument.js';

/**
 * The PDF of a job as it is distributed (faxed, sent electronically).
 *
 * PLACEHOLDER — replaced at merge by the documents helper's version (the signed PAdES PDF, marked
 * "Preliminary — not signed" for a preliminary copy). Until then it is what the fax builder renders
 * today: the job's current document as PDF; `preliminary` is accepted and not yet shown.
 */
export async function distributedPdf(
  ctx: AppContext,
  jobId: number,
  _opts: { preliminary?: boolean } = {},
): Promise<Buffer> {
  return (await renderJobDocument(ctx, jobId, 'pdf')).bytes;
}
