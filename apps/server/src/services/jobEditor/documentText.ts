import type { AppContext } from '../../context.js';
import type { documentVersions } from '../../db/schema/index.js';
import { decodeXml } from '../../documents/decodeXml.js';
import { currentDocument } from './currentDocument.js';

type DocumentRow = typeof documentVersions.$inferSelect;

/** The job's current CDA document and its text, or null when it has none (audio-only or Word). */
export async function currentCdaText(ctx: AppContext, jobId: number) {
  return cdaTextOf(ctx, await currentDocument(ctx.database.db, jobId));
}

/** A document version's CDA text (read from the blob store), or null when it is not a CDA document. */
export async function cdaTextOf(ctx: AppContext, doc: DocumentRow | undefined) {
  if (doc?.format !== 'CDA') return null;
  return { doc, xml: decodeXml(await ctx.blobs.get(doc.blobKey)) };
}

// A section's narrative `<text>` element (any namespace prefix) and the markup inside it.
const NARRATIVE = /<(?:\w+:)?text(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?text>/g;
const MARKUP = /<[^>]*>/g;

/**
 * The characters of a CDA document's narrative as a reader counts them (whitespace runs as one),
 * for productivity (issue 27: a line is 65 of them). One linear pass over a size-bounded text.
 */
export function narrativeLength(xml: string): number {
  let total = 0;
  for (const part of narrativeParts(xml)) total += part.length;
  return total;
}

/** Each narrative `<text>` of a CDA document as a reader sees it: markup gone, whitespace runs as one. */
export function narrativeParts(xml: string): string[] {
  return [...xml.matchAll(NARRATIVE)].map((m) => m[1]!.replace(MARKUP, ' ').replace(/\s+/g, ' ').trim());
}
