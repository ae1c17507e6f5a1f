import type { AppContext } from '../../context.js';
import type { documentVersions } from '../../db/schema/index.js';
import { currentDocument } from './currentDocument.js';

type DocumentRow = typeof documentVersions.$inferSelect;

/** The job's current CDA document and its text, or null when it has none (audio-only or Word). */
export async function currentCdaText(ctx: AppContext, jobId: number) {
  return cdaTextOf(ctx, await currentDocument(ctx.database.db, jobId));
}

/** A document version's CDA text (read from the blob store), or null when it is not a CDA document. */
export async function cdaTextOf(ctx: AppContext, doc: DocumentRow | undefined) {
  if (doc?.format !== 'CDA') return null;
  return { doc, xml: (await ctx.blobs.get(doc.blobKey)).toString('utf8') };
}
