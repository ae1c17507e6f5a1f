import { STAGES } from '../jobList/stages.js';
import { TAT_MILESTONES } from '../reports/turnaround.js';

/** What a text change needs to know of the job it changes. */
export interface SignedEditInput {
  /** The job's signed date (null: never signed, or its date is unknown). */
  signedAt: Date | string | null;
  /** The job already waits for its dictator to sign again. */
  forceResign: boolean;
  /** The stage the job waits in: its stage, or while booked out the stage it returns to. */
  stageId: number;
  /** The save or import changes the document's narrative (not only the job's data). */
  narrativeChanged: boolean;
}

/** What the change does to the signature: force re-sign, and the stage the job then waits in. */
export interface SignedEditOutcome {
  forceResign: true;
  stageId: number;
}

/**
 * Stages a finished text waits in before it is Finished: e-signature and distribution (failed or
 * pending) — the turnaround's "finished" stages but Finished itself.
 */
const AFTER_SIGNATURE: ReadonlySet<number> = new Set(
  TAT_MILESTONES.finishedAt.filter((id) => id !== STAGES.finished.id),
);

/**
 * A signed text is never changed silently (issue 39): until signing is built, a change to the
 * narrative of a job with a signed date voids that signature — force re-sign is set and a job
 * waiting for distribution goes back to e-signature (ES), so nothing goes out under the old
 * signature. Null when the change leaves the signature alone: data only, never signed, or
 * already waiting to be signed again. A job before distribution (hold queue, transcription) keeps
 * its stage: its next move on goes to ES because of force re-sign; Finished and Cancelled keep
 * theirs (closed, never booked out).
 */
export function signedEditOutcome(input: SignedEditInput): SignedEditOutcome | null {
  if (!input.narrativeChanged || input.signedAt === null || input.forceResign) return null;
  return {
    forceResign: true,
    stageId: AFTER_SIGNATURE.has(input.stageId) ? STAGES.eSignature.id : input.stageId,
  };
}
