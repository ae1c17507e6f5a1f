import { STAGES } from '../jobList/stages.js';

/**
 * Turnaround time (issue 27, docs/domain.md "Turnaround time"). The stage milestones are stamped
 * by migration 0025's jobs_flow_times trigger; a test holds its stage sets to these.
 */
export const TAT_MILESTONES = {
  /** Transcription starts when the job leaves this stage. */
  startedLeaving: STAGES.dictated.id,
  /** The text is finished when the job first reaches one of these. */
  finishedAt: [
    STAGES.faxFailed.id,
    STAGES.printFailed.id,
    STAGES.electronicFailed.id,
    STAGES.distributionFailed.id,
    STAGES.pendingFax.id,
    STAGES.manualDistribution.id,
    STAGES.pendingElectronic.id,
    STAGES.eSignature.id,
    STAGES.finished.id,
  ],
  /** Distributed when it reaches Finished. */
  distributedAt: STAGES.finished.id,
} as const;

/** The industry's unit of transcription: a line is 65 characters. */
export const CHARACTERS_PER_LINE = 65;
