import type { AppContext } from '../../context.js';
import type { BlobInfo } from '../../storage/blobStore.js';
import { applyDocumentEdits } from '../jobEditor/applyDocumentEdits.js';
import { narrativeLength } from '../jobEditor/documentText.js';
import type { SaveRequest } from './saveRequest.js';

/** The blob of a save's new document: its key, size and format. */
export type StoredDocument = BlobInfo & { format: 'CDA' | 'DOCX' };

/** The blob of a save's new document (CDA edits applied, or a whole Word document), or null. */
export async function storeNewDocument(
  ctx: AppContext,
  editedCda: string | null,
  docx: Buffer | undefined,
): Promise<StoredDocument | null> {
  if (docx) {
    const blob = await ctx.blobs.putContent(docx, { prefix: 'documents', extension: 'docx' });
    return { ...blob, format: 'DOCX' as const };
  }
  if (editedCda === null) return null;
  const blob = await ctx.blobs.putContent(Buffer.from(editedCda, 'utf8'), {
    prefix: 'documents',
    extension: 'xml',
  });
  return { ...blob, format: 'CDA' as const };
}

/**
 * Productivity (issue 27): the narrative characters a save added over the text it started from;
 * null when it stored no CDA text or started from none.
 */
export function typedCharacters(edited: string | null, started: string | null): number | null {
  if (edited === null || started === null) return null;
  return Math.max(0, narrativeLength(edited) - narrativeLength(started));
}

/**
 * The save's new document, built and its blob written before the transaction (a blob without a
 * row is harmless, a row without its blob is not): the CDA edits applied to the current text (400
 * for edits that do not fit), or — a transcription's starting draft (issue 27) becomes the job's
 * first document on any save that reads it, edited or not, never edited in place — the draft as
 * it is, or PutFile's whole Word document.
 */
export async function newDocument(
  ctx: AppContext,
  req: Pick<SaveRequest, 'cda' | 'docx'>,
  current: { doc: { isDraft: boolean }; xml: string } | null,
) {
  const fromDraft = current?.doc.isDraft === true;
  const edited =
    req.cda && current ? await applyDocumentEdits(ctx, current.xml, req.cda) : fromDraft ? current.xml : null;
  const blob = await storeNewDocument(ctx, edited, req.docx);
  return { edited, blob, fromDraft, typedChars: typedCharacters(edited, current?.xml ?? null) };
}
