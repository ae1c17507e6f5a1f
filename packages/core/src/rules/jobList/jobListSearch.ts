import type { JobListRow } from '../../contract/jobList.js';
import { PIECES_JOINER } from '../time/dateFormat.js';
import { DecodedJobListRow, hasTextCode } from './jobListBinary.js';
import type { JobListColumn } from './jobListColumns.js';
import { type DistinctValues, distinctValuesSteps, Numbering } from './jobListDistinct.js';
import { columnText, type JobListLabels } from './jobListValues.js';
import { inRanges } from './steps.js';

/** Rows handled between two pauses of {@link searchColumnSteps}: a few milliseconds of work. */
const ROWS_PER_STEP = 2_000;

/**
 * A column's lower-cased texts as search reads them (spec 01 §5): for a column of few values
 * (names, stage, STAT, day of service) each distinct text once and each row's by number (−1 for
 * none); for a time of decoded rows its date and its time so (the text is the date, a space and
 * the time: a few thousand days, 1,440 minutes); for the others (job id, notes) each row's text.
 */
export type SearchColumn =
  | DistinctValues
  | { dates: DistinctValues; times: DistinctValues }
  | { texts: string[] };

/** The formatted time columns, searched in their date and time pieces where rows have them. */
const TIME_COLUMNS = new Set<JobListColumn>(['formattedDictatedDate', 'formattedSignedDate']);

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
  if (TIME_COLUMNS.has(column)) {
    const pieces = yield* timePiecesSteps(rows, column as 'formattedDictatedDate' | 'formattedSignedDate');
    if (pieces) return pieces;
  }
  // A job id's text has no letters to lower (and lowering would copy 100,000 texts).
  const lower = column !== 'filterJobId';
  const texts = new Array<string>(rows.length);
  yield* inRanges(rows.length, ROWS_PER_STEP, (start, end) => {
    for (let i = start; i < end; i++) {
      const text = columnText(rows[i]!, column, labels);
      texts[i] = lower ? text.toLowerCase() : text;
    }
  });
  return { texts };
}

/** A numbering's texts lower-cased, with each row's number. */
function lowerCased(numbering: Numbering, ids: Int32Array): DistinctValues {
  return { ids, values: numbering.values.map((value) => value.toLowerCase()) };
}

/**
 * A time column's dates and times, each distinct text numbered; null unless every row is a
 * decoded row whose format cuts in two (see `compileDateTimePieces`).
 */
function* timePiecesSteps(
  rows: readonly JobListRow[],
  column: 'formattedDictatedDate' | 'formattedSignedDate',
): Generator<void, SearchColumn | null, void> {
  const dateIds = new Int32Array(rows.length);
  const timeIds = new Int32Array(rows.length);
  const dates = new Numbering();
  const times = new Numbering();
  let cut = true;
  yield* inRanges(rows.length, ROWS_PER_STEP, (start, end) => {
    for (let i = start; i < end && cut; i++) {
      const row = rows[i]!;
      const pieces = row instanceof DecodedJobListRow ? row.timePieces : null;
      if (!pieces) {
        cut = false;
        break;
      }
      const wallClock = (row as DecodedJobListRow).wallClockOf(column);
      const missing = Number.isNaN(wallClock);
      dateIds[i] = missing ? -1 : dates.id(pieces.date(wallClock));
      timeIds[i] = missing ? -1 : times.id(pieces.time(wallClock));
    }
  });
  if (!cut) return null;
  return { dates: lowerCased(dates, dateIds), times: lowerCased(times, timeIds) };
}

/** 1 for each value that contains the query. */
function hitsOf(values: readonly string[], q: string): Uint8Array {
  return Uint8Array.from(values, (value) => (value.includes(q) ? 1 : 0));
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
  // Columns of few values first (a pass over numbers), then the others; each column reads only
  // the rows no column before it matched (`rest`, the first `left` of them).
  const rest = new Uint32Array(rowCount);
  for (let i = 0; i < rowCount; i++) rest[i] = i;
  let left = rowCount;
  for (const column of [...columns].sort((a, b) => costOf(a) - costOf(b))) {
    if (left === 0) break;
    if ('texts' in column) left = matchTexts(column.texts, q, rest, left, matches);
    else if ('dates' in column) left = matchPieces(column.dates, column.times, q, rest, left, matches);
    else left = matchValues(column, q, rest, left, matches);
  }
  return matches;
}

/** How costly a column is to search per row: by number, by pieces, by text. */
function costOf(column: SearchColumn): number {
  return 'texts' in column ? 2 : 'dates' in column ? 1 : 0;
}

/**
 * Each of the steps below marks the matching rows among the first `left` of `rest`, keeps the
 * others there (in order) and answers how many it kept.
 */
function matchTexts(
  texts: readonly string[],
  q: string,
  rest: Uint32Array,
  left: number,
  matches: Uint8Array,
) {
  let kept = 0;
  for (let k = 0; k < left; k++) {
    const i = rest[k]!;
    if (texts[i]!.includes(q)) matches[i] = 1;
    else rest[kept++] = i;
  }
  return kept;
}

/** A column of few values: each distinct text is read once, then each row by its number. */
function matchValues(
  column: DistinctValues,
  q: string,
  rest: Uint32Array,
  left: number,
  matches: Uint8Array,
) {
  const hit = hitsOf(column.values, q);
  if (!hit.includes(1)) return left;
  const { ids } = column;
  let kept = 0;
  for (let k = 0; k < left; k++) {
    const i = rest[k]!;
    const id = ids[i]!;
    if (id >= 0 && hit[id] === 1) matches[i] = 1;
    else rest[kept++] = i;
  }
  return kept;
}

/**
 * A time (date, joiner, time): it contains the query in its date, in its time, or — only a query
 * holding the joiner can — across the two.
 */
function matchPieces(
  dates: DistinctValues,
  times: DistinctValues,
  q: string,
  rest: Uint32Array,
  left: number,
  matches: Uint8Array,
) {
  const dateHit = hitsOf(dates.values, q);
  const timeHit = hitsOf(times.values, q);
  const across = q.includes(PIECES_JOINER);
  if (!across && !dateHit.includes(1) && !timeHit.includes(1)) return left;
  let kept = 0;
  for (let k = 0; k < left; k++) {
    const i = rest[k]!;
    const date = dates.ids[i]!;
    const time = times.ids[i]!;
    if (
      date >= 0 &&
      (dateHit[date] === 1 ||
        timeHit[time] === 1 ||
        (across && (dates.values[date]! + PIECES_JOINER + times.values[time]!).includes(q)))
    )
      matches[i] = 1;
    else rest[kept++] = i;
  }
  return kept;
}
