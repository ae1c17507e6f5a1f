import type { JobListRow } from '../contract/jobList.js';
import { hasTextCode } from './jobListBinary.js';
import type { JobListColumn } from './jobListColumns.js';
import { distinctValuesSteps } from './jobListDistinct.js';
import { columnText, type JobListLabels } from './jobListValues.js';

/** Rows handled between two pauses of {@link searchColumnSteps}: a few milliseconds of work. */
const ROWS_PER_STEP = 2_000;

/**
 * A column's lower-cased texts as search reads them (spec 01 §5): for a column of few values
 * (names, stage, STAT, day of service) each distinct text once and each row's by number (−1 for
 * none); for the others (job id, times, notes) each row's text.
 */
export type SearchColumn = { ids: Int32Array; values: string[] } | { texts: string[] };

/**
 * Builds a column's {@link SearchColumn}, pausing (yielding) every few thousand rows. A column of
 * few values costs a number per row and a text per distinct value: a decoded row's name is read
 * once per batch and id (see `distinctValuesSteps`).
 */
export function* searchColumnSteps(
  rows: readonly JobListRow[],
  column: JobListColumn,
  labels: JobListLabels,
): Generator<void, SearchColumn, void> {
  if (hasTextCode(column)) {
    const { ids, values } = yield* distinctValuesSteps(rows, column, (row) =>
      columnText(row, column, labels),
    );
    return { ids, values: values.map((value) => value.toLowerCase()) };
  }
  const texts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    texts[i] = columnText(rows[i]!, column, labels).toLowerCase();
    if (i % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
  }
  return { texts };
}

/** The lower-cased search query as it is matched against the columns' texts, or '' for none. */
export function normalizeSearch(query: string): string {
  return query.trim().toLowerCase();
}

/**
 * Spec 01 §5: 1 at each of `rowCount` row positions whose text in one of these (the visible)
 * columns contains the query, case-insensitively; a match never spans two columns. Every row
 * matches an empty query.
 */
export function searchMatches(columns: readonly SearchColumn[], rowCount: number, query: string): Uint8Array {
  const q = normalizeSearch(query);
  const matches = new Uint8Array(rowCount);
  if (!q) return matches.fill(1);
  for (const column of columns) {
    if ('texts' in column) {
      const { texts } = column;
      for (let i = 0; i < rowCount; i++) if (texts[i]!.includes(q)) matches[i] = 1;
      continue;
    }
    // Each distinct text once, then each row by its number.
    const hit = Uint8Array.from(column.values, (value) => (value.includes(q) ? 1 : 0));
    if (!hit.includes(1)) continue;
    const { ids } = column;
    for (let i = 0; i < rowCount; i++) {
      const id = ids[i]!;
      if (id >= 0 && hit[id] === 1) matches[i] = 1;
    }
  }
  return matches;
}
