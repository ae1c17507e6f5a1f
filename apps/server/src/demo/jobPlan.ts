import { STAGES } from '@quill/core';
import type { Rng } from './prng.js';

/** A hold-queue rule kind (see organisation.ts). */
export type RuleKind =
  | 'missingMandatoryAdt'
  | 'addresseeCount'
  | 'noDictator'
  | 'emptySection'
  | 'patientNameMismatch';

/** What kind of job to generate; unset fields are decided at random. */
export interface JobPlan {
  stageId: number;
  small?: boolean;
  hi?: boolean;
  stat?: 'U' | 'M' | null;
  isProtected?: boolean;
  doc?: 'CDA' | 'DOCX' | null;
  audio?: boolean;
  note?: boolean;
  /** For Finished jobs: on the manual list, and whether it was cleared. */
  manual?: 'uncleared' | 'cleared' | 'none';
  missingSignedAt?: boolean;
  flags?: RuleKind[];
  /**
   * A dictation the ADT feed did not match: the walk-in patient's document on a job with no
   * patient, visit, orders or ADT values (held for the missing demographics until someone searches
   * and accepts the patient).
   */
  unmatched?: boolean;
}

const S = STAGES;
const FAILED = [S.faxFailed.id, S.printFailed.id, S.electronicFailed.id, S.distributionFailed.id];

/**
 * Jobs that come first so that even a small seed shows every stage and queue and every special
 * case; the second half repeats the queues for the small structure.
 */
export function coveragePlans(): JobPlan[] {
  const everyStage: JobPlan[] = Object.values(STAGES).map((s) => ({ stageId: s.id }));
  const special: JobPlan[] = [
    { stageId: S.finished.id, manual: 'uncleared' },
    { stageId: S.finished.id, manual: 'uncleared', doc: 'DOCX' },
    { stageId: S.finished.id, manual: 'cleared' },
    { stageId: S.holdQueue.id, hi: true, flags: ['missingMandatoryAdt'], note: true },
    { stageId: S.holdQueue.id, hi: true, flags: ['addresseeCount'] },
    { stageId: S.holdQueue.id, flags: ['noDictator'], stat: 'U' },
    { stageId: S.holdQueue.id, flags: ['emptySection'], doc: 'CDA' },
    { stageId: S.holdQueue.id, hi: true, flags: ['patientNameMismatch', 'addresseeCount'], doc: 'CDA' },
    ...FAILED.map((stageId) => ({ stageId, note: true })),
    { stageId: S.manualDistribution.id, stat: 'U' },
    { stageId: S.eSignature.id, stat: 'M' },
    { stageId: S.finished.id, isProtected: true, note: true },
    { stageId: S.eSignature.id, isProtected: true },
    { stageId: S.finished.id, doc: 'DOCX' },
    { stageId: S.eSignature.id, doc: 'DOCX' },
    { stageId: S.dictated.id, doc: null, audio: true },
    { stageId: S.transcription.id, doc: null, audio: true, stat: 'U' },
    { stageId: S.finished.id, audio: false },
    { stageId: S.finished.id, missingSignedAt: true },
    { stageId: S.manualDistribution.id, note: true },
    { stageId: S.holdQueue.id, flags: ['missingMandatoryAdt'], doc: 'CDA', unmatched: true },
  ];
  const small: JobPlan[] = [
    S.dictated.id,
    S.holdQueue.id,
    S.faxFailed.id,
    S.manualDistribution.id,
    S.eSignature.id,
    S.finished.id,
  ].map((stageId) => ({ stageId, small: true }));
  small.push(
    { stageId: S.finished.id, manual: 'uncleared', small: true },
    { stageId: S.holdQueue.id, hi: true, small: true, flags: ['noDictator'] },
  );
  return [...everyStage, ...special, ...small];
}

const STAGE_WEIGHTS: [number, number][] = [
  [S.dictated.id, 5],
  [S.transcription.id, 6],
  [S.holdQueue.id, 6],
  [S.faxFailed.id, 1.5],
  [S.printFailed.id, 1],
  [S.electronicFailed.id, 1],
  [S.distributionFailed.id, 0.8],
  [S.pendingFax.id, 2],
  [S.manualDistribution.id, 9],
  [S.pendingElectronic.id, 2],
  [S.eSignature.id, 8],
  [S.finished.id, 53.2],
  [S.cancelled.id, 2.5],
  [S.editor.id, 2],
];

/** A random plan: the stage by weight; everything else decided later. */
export function randomPlan(rng: Rng): JobPlan {
  return { stageId: rng.weighted(STAGE_WEIGHTS) };
}

/** True for the stages whose jobs have been signed. */
export function isSignedStage(stageId: number): boolean {
  return (stageId >= 4 && stageId <= 10) || stageId === S.finished.id;
}

/** How far back (days) a job of this stage is dictated: early stages are recent. */
export function maxAgeDays(plan: JobPlan): number {
  switch (plan.stageId) {
    case S.dictated.id:
    case S.transcription.id:
    case S.editor.id:
      return 3;
    case S.holdQueue.id:
    case S.eSignature.id:
      return 14;
    case S.finished.id:
      return plan.manual === 'uncleared' ? 30 : 120;
    case S.cancelled.id:
      return 120;
    default:
      return 30;
  }
}

/** The distribution method a pending or failed stage implies, if any. */
export function stageMethod(stageId: number): 'fax' | 'print' | 'electronic' | null {
  if (stageId === S.faxFailed.id || stageId === S.pendingFax.id) return 'fax';
  if (stageId === S.printFailed.id || stageId === S.manualDistribution.id) return 'print';
  if (stageId === S.electronicFailed.id || stageId === S.pendingElectronic.id) return 'electronic';
  return null;
}
