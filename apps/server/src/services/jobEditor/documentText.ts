import type { AppContext } from '../../context.js';
import { currentDocument } from './currentDocument.js';

/** The job's current CDA document and its text, or null when it has none (audio-only or Word). */
export async function currentCdaText(ctx: AppContext, jobId: number) {
  const doc = await currentDocument(ctx.database.db, jobId);
  if (doc?.format !== 'CDA') return null;
  return { doc, xml: (await ctx.blobs.get(doc.blobKey)).toString('utf8') };
}
