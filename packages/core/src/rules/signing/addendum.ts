import type { Gate } from '../jobList/actions/actionGates.js';
import { STAGES } from '../jobList/stages.js';

/** What a save's new document version is marked with when it is an addendum (issue 43). */
export interface AddendumMark {
  /** The job version the addendum amends: the version that was signed and distributed. */
  ofVersion: number;
  reason: string | null;
  /** This save makes the addendum (the first change of the text): the job must be signed again. */
  starts: boolean;
}

/** What {@link addendumOfSave} reads of a save. */
export interface AddendumSaveInput {
  /** The reason of the booking the save writes under (null: an ordinary booking). */
  bookingReason: string | null;
  /** The save changes the narrative of the document it replaces. */
  textChanged: boolean;
  /** The document the save replaces, or null. */
  current: { version: number; addendumOfVersion: number | null; addendumReason: string | null } | null;
  /** The job waits to be signed again (an addendum not yet signed). */
  forceResign: boolean;
}

/**
 * Whether a save's new document is an addendum (issue 43, docs/domain.md "Addenda"): the first save
 * that changes the text under an addendum booking starts one — it amends the version it replaces
 * (the distributed one), with the booking's reason; a later document made before the addendum is
 * signed (a second save, a correction returned from ES) stays the same addendum. Null otherwise.
 */
export function addendumOfSave(input: AddendumSaveInput): AddendumMark | null {
  const { current } = input;
  if (!current) return null;
  if (current.addendumOfVersion !== null && input.forceResign)
    return { ofVersion: current.addendumOfVersion, reason: current.addendumReason, starts: false };
  if (input.bookingReason !== null && input.textChanged)
    return { ofVersion: current.version, reason: input.bookingReason, starts: true };
  return null;
}

/**
 * Add addendum on the job view (issue 43): offered with jobEdit and jobEditText on a Finished job
 * (a correction after distribution); hidden otherwise — the server refuses the same (403/409).
 */
export function addendumGate(perms: ReadonlySet<string>, job: { stageId: number }): Gate {
  if (!perms.has('jobEdit') || !perms.has('jobEditText') || job.stageId !== STAGES.finished.id)
    return { shown: false };
  return { shown: true, disabledBy: null };
}
