import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema/index.js';
import { bookingOf, requireLock } from '../wopi/wopiLock.js';
import { requireLiveBooking } from './booking.js';
import type { SaveHolder } from './persistSave.js';

/** The blob of a save's new document (CDA edits applied, or a whole Word document), or null. */
export async function storeNewDocument(ctx: AppContext, editedCda: string | null, docx: Buffer | undefined) {
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
 * The live booking of this account a save writes under (inside the save's transaction, after the
 * job row is locked): by the job view's cookie (409 otherwise), or by the WOPI lock of PutFile
 * (409 with the current lock otherwise).
 */
export async function holdingBooking(tx: Db, jobId: number, accountId: number, holder: SaveHolder) {
  if ('bookingCookie' in holder) return requireLiveBooking(tx, jobId, accountId, holder.bookingCookie);
  return requireLock(await bookingOf(tx, jobId), jobId, accountId, holder.wopiLock);
}

/**
 * Keeps bookings.wordBaseVersion: a PutFile marks where the booking's Word edit started (the job
 * version before its first PutFile); a save through the job view that keeps the booking ends that
 * edit (the view knows the new version from the save's answer).
 */
export async function followWordEdit(
  tx: Db,
  jobId: number,
  booking: { wordBaseVersion: number | null },
  holder: SaveHolder,
  versionBefore: number,
) {
  const base = 'wopiLock' in holder ? (booking.wordBaseVersion ?? versionBefore) : null;
  if (base === booking.wordBaseVersion) return;
  await tx.update(bookings).set({ wordBaseVersion: base }).where(eq(bookings.jobId, jobId));
}
