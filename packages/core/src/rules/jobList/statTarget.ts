import type { JobListRow } from '../../contract/jobList.js';
import { TAT_MILESTONES } from '../reports/turnaround.js';
import { STAGES } from './stages.js';

/** What the STAT highlight reads of a list row. */
export type StatTargetRow = Pick<
  JobListRow,
  'stat' | 'stageId' | 'dictatedDate' | 'tatFinishedMinutes' | 'statTargetMinutes'
>;

const MINUTE_MS = 60_000;
const FINISHED_STAGES: ReadonlySet<number> = new Set(TAT_MILESTONES.finishedAt);

/**
 * Whole minutes from a job's dictation to its finished text: the kept turnaround once it is
 * finished, else the time until `nowMs` while it is still being worked on. Null when that cannot
 * be told: no dictation time, a cancelled job (it will never finish), or a job at a finished stage
 * without a finished time (one that reached it before turnaround was stamped).
 */
export function dictationToFinishedMinutes(row: StatTargetRow, nowMs: number): number | null {
  if (row.tatFinishedMinutes !== null) return row.tatFinishedMinutes;
  if (row.stageId === STAGES.cancelled.id || FINISHED_STAGES.has(row.stageId)) return null;
  const dictated = row.dictatedDate === null ? Number.NaN : Date.parse(row.dictatedDate);
  if (Number.isNaN(dictated)) return null;
  return Math.max(0, Math.floor((nowMs - dictated) / MINUTE_MS));
}

/**
 * Issue 27: a STAT job whose dictation-to-finished time (finished, or until now while unfinished;
 * see {@link dictationToFinishedMinutes}) exceeds its client facility's STAT target — the list
 * highlights its row.
 */
export function isPastStatTarget(row: StatTargetRow, nowMs: number): boolean {
  if (!row.stat) return false;
  const minutes = dictationToFinishedMinutes(row, nowMs);
  return minutes !== null && minutes > row.statTargetMinutes;
}
