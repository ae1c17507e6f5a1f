import { type AddendumMark, addendumOfSave, message, STAGES } from '@quill/core';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.js';
import type { SavedJob } from '../jobSave/applyJobData.js';
import type { SaveDocumentState } from '../jobSave/documentState.js';
import type { Job, SaveStep } from '../jobSave/saveRequest.js';

/** The booking a save writes under, as the addendum step reads and leaves it. */
export interface AddendumBooking {
  restoreStageId: number | null;
  addendumReason: string | null;
}

/**
 * Step 3 of a save's transaction for an addendum (issue 43, core addendumOfSave, docs/domain.md
 * "Addenda"): when the save's new document is an addendum, answers its mark for the document
 * version row. The save that starts it — the first change of the text under an addendum booking —
 * leaves the original version and its signatures as they are (they signed the original, which is
 * kept), sets force re-sign with "Addendum: <reason>" as the resign reason, and has the booking
 * return the job to e-signature (ES) instead of Finished: a save that keeps the booking, or
 * cancelling it, leaves the addendum waiting for the author's signature. Null when the save makes
 * no addendum (then a signed text's ordinary rule applies, signedText.ts).
 */
export async function addendumOnSave(
  { tx, req }: Pick<SaveStep, 'tx' | 'req'>,
  at: {
    locked: Job;
    booking: AddendumBooking;
    job: SavedJob;
    current: SaveDocumentState['current'];
    writesDocument: boolean;
    textChanged: boolean;
  },
): Promise<{ mark: AddendumMark; job: SavedJob; booking: AddendumBooking } | null> {
  const { booking, job } = at;
  if (!at.writesDocument) return null;
  const mark = addendumOfSave({
    bookingReason: booking.addendumReason ?? null,
    textChanged: at.textChanged,
    current: at.current,
    forceResign: at.locked.forceResign,
  });
  if (!mark) return null;
  if (!mark.starts) return { mark, job, booking };
  const columns = {
    forceResign: true,
    resignReason: message('addendum.resignReason', { reason: mark.reason ?? '' }),
  };
  const restoreStageId = STAGES.eSignature.id;
  await tx.update(bookings).set({ restoreStageId }).where(eq(bookings.jobId, req.jobId));
  return {
    mark,
    job: { columns: { ...job.columns, ...columns }, after: { ...job.after, ...columns } },
    booking: { ...booking, restoreStageId },
  };
}

/**
 * An addendum booking whose save has not changed the text yet (its job would still return to
 * Finished): a save that ends it leaves the job Finished — nothing is signed or sent again.
 */
export function untouchedAddendum(booking: AddendumBooking): boolean {
  return booking.addendumReason != null && booking.restoreStageId === STAGES.finished.id;
}
