import { STAGES } from '../jobList/stages.js';
import type { HoldQueueCheckRow } from './holdQueueRules.js';
import { SAVE_MODES, type SaveMode } from './saveOptions.js';

/** Stages a job can no longer be booked out of (finish ends a job permanently; cancelled is withdrawn). */
export const CLOSED_STAGE_IDS: readonly number[] = [STAGES.finished.id, STAGES.cancelled.id];

/** The distribution stage for the recipients' methods: print (or none) → manual distribution. */
export function distributionStage(methods: readonly string[]): number {
  if (!methods.length || methods.includes('print')) return STAGES.manualDistribution.id;
  if (methods.includes('fax')) return STAGES.pendingFax.id;
  return STAGES.pendingElectronic.id;
}

/** What a save decides about the stage, the flags and the booking. */
export interface SaveOutcome {
  stageId: number;
  /** Write the evaluated rule flags (true) or clear every flag (false); null leaves them. */
  flags: 'write' | 'clear' | null;
  keepBooking: boolean;
  draftCopy: boolean;
}

/**
 * Where a save leaves the job (spec 02 §3/§4, docs/domain.md "Workflow"). `fromStageId` is the
 * stage the job had before it was booked out. Save only keeps the stage and the booking. Move on
 * releases a hold-queue job to the next stage; from any other stage the rules are run and a
 * triggered rule sends the job to the hold queue. Hold returns it to the hold queue, draft too with
 * a draft copy; recheck stays in the hold queue while a rule triggers and moves on otherwise;
 * finish ends the job (HIM only, checked by the caller). The next stage is e-signature while the
 * document is unsigned (or must be re-signed), then distribution by the recipients' methods.
 */
export function saveOutcome(input: {
  mode: SaveMode;
  currentStageId: number;
  fromStageId: number;
  anyTriggered: boolean;
  needsSignature: boolean;
  distributionMethods: readonly string[];
}): SaveOutcome {
  const next = input.needsSignature ? STAGES.eSignature.id : distributionStage(input.distributionMethods);
  const hold = STAGES.holdQueue.id;
  switch (input.mode) {
    case SAVE_MODES.saveOnly:
      return { stageId: input.currentStageId, flags: null, keepBooking: true, draftCopy: false };
    case SAVE_MODES.moveOn:
      if (input.fromStageId !== hold && input.anyTriggered)
        return { stageId: hold, flags: 'write', keepBooking: false, draftCopy: false };
      return { stageId: next, flags: 'clear', keepBooking: false, draftCopy: false };
    case SAVE_MODES.hold:
      return { stageId: hold, flags: 'write', keepBooking: false, draftCopy: false };
    case SAVE_MODES.recheck:
      return input.anyTriggered
        ? { stageId: hold, flags: 'write', keepBooking: false, draftCopy: false }
        : { stageId: next, flags: 'clear', keepBooking: false, draftCopy: false };
    case SAVE_MODES.draft:
      return { stageId: hold, flags: 'write', keepBooking: false, draftCopy: true };
    case SAVE_MODES.finish:
      return { stageId: STAGES.finished.id, flags: 'clear', keepBooking: false, draftCopy: false };
  }
}

/** Whether the save mode runs the hold-queue rules. */
export function saveModeRunsRules(mode: SaveMode): boolean {
  return mode !== SAVE_MODES.saveOnly && mode !== SAVE_MODES.finish;
}

/**
 * The patient-identity rules a save must have confirmed (issue 39): those that fail while the save
 * leaves the hold queue (`stageId`, the stage it gives); none when the job stays held.
 */
export function identityRulesToConfirm(
  rows: readonly HoldQueueCheckRow[],
  stageId: number,
): HoldQueueCheckRow[] {
  if (stageId === STAGES.holdQueue.id) return [];
  return rows.filter((r) => r.isTriggered && r.isIdentity === true);
}
