import type { JobListRow } from '../../contract/jobList.js';
import type { JobListColumn } from './jobListColumns.js';
import { groupRowsSteps, type JobListGroups, NO_GROUP } from './jobListGroup.js';
import { columnRanksSteps, distinctTextsSteps, sortsByNumber } from './jobListSort.js';
import type { JobListLabels } from './jobListValues.js';
import { inRanges, PASS_ROWS_PER_STEP } from './steps.js';

/** A column's sort ranks (see `columnRanks`) and groups (see `groupRows`). */
export interface JobListColumnKeys {
  ranks: Int32Array;
  groups: JobListGroups;
}

/**
 * A column's sort ranks and groups, built together. A text column's groups are its distinct texts
 * (no_group for none) in its sort order, so one reading of the rows gives both — the same as
 * `columnRanks` and then `groupRows`, in half the time. The patient name groups by its shown text
 * (the withheld label) but sorts without it, and numbers and times have no distinct texts: those
 * are built one after the other.
 */
export function* columnKeysSteps(
  rows: readonly JobListRow[],
  column: JobListColumn,
  labels: JobListLabels,
): Generator<void, JobListColumnKeys, void> {
  if (sortsByNumber(column) || column === 'patientName') {
    const ranks = yield* columnRanksSteps(rows, column, labels);
    yield;
    return { ranks, groups: yield* groupRowsSteps(rows, column, labels, ranks) };
  }
  const { ids, values, rankOfId } = yield* distinctTextsSteps(rows, column, labels);
  // As groupRows orders groups: by rank, texts of one rank (equal when folded) as text; no_group
  // (no text, or the text "no_group" itself) last.
  const grouped = values.flatMap((value, id) => (value === NO_GROUP ? [] : [id]));
  grouped.sort((a, b) => {
    const byRank = rankOfId[a]! - rankOfId[b]!;
    if (byRank !== 0) return byRank;
    return values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : 0;
  });
  const noGroup = grouped.length;
  const numberOf = new Int32Array(values.length).fill(noGroup);
  grouped.forEach((id, n) => {
    numberOf[id] = n;
  });
  const ranks = new Int32Array(rows.length);
  const ofRow = new Int32Array(rows.length);
  let anyNoGroup = false;
  yield* inRanges(rows.length, PASS_ROWS_PER_STEP, (start, end) => {
    for (let i = start; i < end; i++) {
      const id = ids[i]!;
      ranks[i] = id < 0 ? 0 : rankOfId[id]!;
      ofRow[i] = id < 0 ? noGroup : numberOf[id]!;
      if (ofRow[i] === noGroup) anyNoGroup = true;
    }
  });
  const keys = grouped.map((id) => values[id]!);
  if (anyNoGroup) keys.push(NO_GROUP);
  return { ranks, groups: { ofRow, keys } };
}
