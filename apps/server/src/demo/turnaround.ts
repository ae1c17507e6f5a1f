import { STAGES, TAT_MILESTONES } from '@quill/core';
import { before, MINUTE } from './jobParts.js';
import { rngFor } from './prng.js';

/** What a demo job's turnaround times follow from: its stage and the times the seed gave it. */
export interface TurnaroundFacts {
  jobId: number;
  stageId: number;
  stat: boolean;
  dictatedAt: number;
  /** When its document was written (the document version's time), if it has one. */
  textAt: number | null;
  /** When it was signed, for the signed stages. */
  signedAt: number | null;
}

/** The turnaround columns of a demo job (migration 0025), null where the job has not got there. */
export interface TurnaroundTimes {
  transcriptionStartedAt: Date | null;
  firstTextAt: Date | null;
  finishedAt: Date | null;
  distributedAt: Date | null;
}

const FINISHED: ReadonlySet<number> = new Set(TAT_MILESTONES.finishedAt);
const at = (ms: number | null) => (ms === null ? null : new Date(before(ms)));

/**
 * Turnaround times for a seeded job, as the jobs_flow_times trigger and the first save would have
 * stamped them had it moved through the stages (a seeded job is inserted at its stage, which stamps
 * nothing): transcription starts between dictation and the text; the first text is the document's
 * time; the text is finished at a stage of TAT_MILESTONES.finishedAt — STAT jobs mostly within the
 * hour, routine ones within the day, never after the signature — and distributed at Finished.
 * Random parts come from the job's own generator, so the seed's other values and their order do not
 * change, and the same job always gets the same times.
 */
export function turnaroundTimes(f: TurnaroundFacts): TurnaroundTimes {
  if (f.stageId === STAGES.dictated.id)
    return { transcriptionStartedAt: null, firstTextAt: null, finishedAt: null, distributedAt: null };
  const rng = rngFor('turnaround', f.jobId);
  // A job without a document was picked up between 10 minutes and 2 hours after dictation.
  const started =
    f.textAt === null
      ? f.dictatedAt + rng.int(10, 120) * MINUTE
      : f.dictatedAt + Math.floor((f.textAt - f.dictatedAt) * (0.1 + rng.next() * 0.5));
  let finished: number | null = null;
  if (FINISHED.has(f.stageId)) {
    const text = f.textAt ?? started;
    const delay = f.stat ? rng.int(2, rng.chance(0.8) ? 40 : 300) : rng.int(5, 12 * 60);
    finished = Math.min(text + delay * MINUTE, f.signedAt ?? Number.POSITIVE_INFINITY);
  }
  const distributed =
    f.stageId === TAT_MILESTONES.distributedAt && finished !== null
      ? Math.max(finished, f.signedAt ?? finished) + rng.int(5, 6 * 60) * MINUTE
      : null;
  return {
    transcriptionStartedAt: at(started),
    firstTextAt: at(f.textAt),
    finishedAt: at(finished),
    distributedAt: at(distributed),
  };
}

/** The latest of a job's turnaround times in ms (0 when it has none): its last change. */
export function lastTurnaround(times: TurnaroundTimes): number {
  return Math.max(
    0,
    ...[times.transcriptionStartedAt, times.firstTextAt, times.finishedAt, times.distributedAt].map(
      (d) => d?.getTime() ?? 0,
    ),
  );
}
