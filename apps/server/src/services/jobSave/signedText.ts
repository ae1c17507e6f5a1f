import { voidSignatureOnEdit } from '../jobEditor/voidSignature.js';
import type { SavedJob } from './applyJobData.js';
import { type Job, type SaveStep, saveSource } from './saveRequest.js';

/**
 * Step 3 of a save's transaction: a signed text is never changed silently (issue 39,
 * voidSignature.ts) — when the save changes the text a signature covers, force re-sign, and the
 * booking returns the job to the stage it now waits in (ES). Answers the job with those columns.
 */
export async function voidSignatureOnSave(
  { ctx, tx, auth, req, ip }: SaveStep,
  locked: Job,
  booking: { restoreStageId: number | null },
  job: SavedJob,
  textChanged: boolean,
): Promise<SavedJob> {
  const waitingStageId = booking.restoreStageId ?? locked.stageId;
  const at = { waitingStageId, booked: true, textChanged, via: saveSource(req) };
  const voided = await voidSignatureOnEdit(ctx, tx, auth, job.after, at, ip);
  if (!voided) return job;
  return { columns: { ...job.columns, ...voided }, after: { ...job.after, ...voided } as Job };
}
