import { EDITOR_STAGE_ID, FAILED_STAGE_IDS, STAGES } from '../jobList/stages.js';

/**
 * Issue 39: the stages in which a job's document is final for a schedule or patient upload — sent
 * or on its way out (the distribution stages, failed or pending), Finished, or Cancelled (kept for
 * the record). An upload never changes such a job; it lists it as "not changed: final".
 */
export const UPLOAD_FINAL_STAGE_IDS: readonly number[] = [
  ...FAILED_STAGE_IDS,
  STAGES.pendingFax.id,
  STAGES.manualDistribution.id,
  STAGES.pendingElectronic.id,
  STAGES.finished.id,
  STAGES.cancelled.id,
];

/** What the rule reads of a job: its stage, its signed date, and the stage a booking will restore. */
export interface UploadFinalFacts {
  stageId: number;
  signedAt: Date | string | null;
  /** While booked out (the editor stage), the stage the booking came from. */
  restoreStageId?: number | null;
}

/**
 * Whether an upload must leave the job as it is: a job with a signed date (its patient is what
 * the signer signed), or one in a final stage ({@link UPLOAD_FINAL_STAGE_IDS}); a job booked out
 * in the editor counts by the stage it was booked out from.
 */
export function isFinalForUpload(job: UploadFinalFacts): boolean {
  if (job.signedAt !== null && job.signedAt !== '') return true;
  const stage =
    job.stageId === EDITOR_STAGE_ID && job.restoreStageId != null ? job.restoreStageId : job.stageId;
  return UPLOAD_FINAL_STAGE_IDS.includes(stage);
}
