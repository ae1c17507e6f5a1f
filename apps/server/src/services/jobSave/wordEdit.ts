import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bookings } from '../../db/schema/index.js';
import type { SaveHolder } from './saveRequest.js';

/** Where the booking's Word edit starts after a save (bookings.wordBaseVersion). */
export function wordBaseAfter(
  booking: { wordBaseVersion: number | null },
  holder: SaveHolder,
  versionBefore: number,
): number | null {
  return 'wopiLock' in holder ? (booking.wordBaseVersion ?? versionBefore) : null;
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
  const base = wordBaseAfter(booking, holder, versionBefore);
  if (base === booking.wordBaseVersion) return;
  await tx.update(bookings).set({ wordBaseVersion: base }).where(eq(bookings.jobId, jobId));
}
