import type { JobListRow } from '../../contract/jobList.js';
import type { JobListColumn } from './jobListColumns.js';
import { distinctValuesSteps } from './jobListDistinct.js';
import { columnText, type JobListLabels } from './jobListValues.js';
import { inRanges, PASS_ROWS_PER_STEP, runSteps } from './steps.js';

/** Spec 01 §9: the group of rows with no value in the grouping column. */
export const NO_GROUP = 'no_group';

/** A column's groups: each row's group number, and each group's key (its text, or no_group). */
export interface JobListGroups {
  /** Group number per row; groups are numbered in display order. */
  ofRow: Int32Array;
  /** Key of each group number: the shown text, or {@link NO_GROUP}. */
  keys: string[];
}

/** The group key of a row: its text in the column, or no_group when it has none. */
export function groupKey(row: JobListRow, column: JobListColumn, labels: JobListLabels): string {
  return columnText(row, column, labels) || NO_GROUP;
}

/**
 * Groups rows by their text in a column. Groups are ordered by the column's sort order (the lowest
 * sort rank among a group's rows, from `ranks` of `columnRanks`) so dates group chronologically;
 * no_group comes last.
 */
export function groupRows(
  rows: readonly JobListRow[],
  column: JobListColumn,
  labels: JobListLabels,
  ranks: Int32Array,
): JobListGroups {
  return runSteps(groupRowsSteps(rows, column, labels, ranks));
}

/** {@link groupRows} as a generator that pauses (yields) every few thousand rows. */
export function* groupRowsSteps(
  rows: readonly JobListRow[],
  column: JobListColumn,
  labels: JobListLabels,
  ranks: Int32Array,
): Generator<void, JobListGroups, void> {
  const { ids, values: keys } = yield* distinctValuesSteps(rows, column, (row) =>
    groupKey(row, column, labels),
  );
  yield;
  const lowest = new Int32Array(keys.length).fill(2 ** 31 - 1);
  yield* inRanges(rows.length, PASS_ROWS_PER_STEP, (start, end) => {
    for (let i = start; i < end; i++) if (ranks[i]! < lowest[ids[i]!]!) lowest[ids[i]!] = ranks[i]!;
  });
  yield;
  const order = keys.map((_, id) => id);
  const weight = (id: number) => (keys[id] === NO_GROUP ? Number.POSITIVE_INFINITY : lowest[id]!);
  order.sort((a, b) => weight(a) - weight(b) || (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  yield;
  const numberOf = new Int32Array(keys.length);
  order.forEach((id, n) => {
    numberOf[id] = n;
  });
  const ofRow = new Int32Array(rows.length);
  yield* inRanges(rows.length, PASS_ROWS_PER_STEP, (start, end) => {
    for (let i = start; i < end; i++) ofRow[i] = numberOf[ids[i]!]!;
  });
  return { ofRow, keys: order.map((id) => keys[id]!) };
}
