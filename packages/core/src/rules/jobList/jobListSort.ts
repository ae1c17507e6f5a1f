import type { JobListRow } from '../../contract/jobList.js';
import { isoTime } from '../time/dateFormat.js';
import { DecodedJobListRow } from './jobListBinary.js';
import { isTatColumn, type JobListColumn, TAT_COLUMNS } from './jobListColumns.js';
import { distinctValuesSteps } from './jobListDistinct.js';
import { columnText, type JobListLabels } from './jobListValues.js';
import { inRanges, PASS_ROWS_PER_STEP, runSteps } from './steps.js';

/** Spec 01 §9: a list's sort, persisted per corporate structure and queue. */
export interface JobListSort {
  column: JobListColumn;
  ascending: boolean;
}

/** What a column sorts by: a number, an ISO date or time, or text; null when missing. */
export type SortValue = number | string | null;

type SortKind = 'number' | 'date' | 'text';

const DAY_MS = 86_400_000;

const DATE_FIELDS = {
  formattedDictatedDate: 'dictatedDate',
  formattedSignedDate: 'signedDate',
  formattedDateOfService: 'dateOfService',
} as const satisfies Partial<Record<JobListColumn, keyof JobListRow>>;

/** True for the columns that sort by a number or a time (their ranks are the quickest to build). */
export function sortsByNumber(column: JobListColumn): boolean {
  return kindOf(column) !== 'text';
}

/** True for the date and time columns (dictated, signed, date of service). */
export function sortsByTime(column: JobListColumn): boolean {
  return kindOf(column) === 'date';
}

function kindOf(column: JobListColumn): SortKind {
  if (column === 'stat' || column === 'filterJobId' || column === 'jobNoteBool' || isTatColumn(column))
    return 'number';
  if (column in DATE_FIELDS) return 'date';
  return 'text';
}

/**
 * The value a row sorts by in a column: date columns by the ISO date (not the formatted text), the
 * job id numerically, STAT and note flags as 1/0, turnaround by its minutes, text as shown.
 * Missing values are null.
 */
export function sortValue(row: JobListRow, column: JobListColumn, labels: JobListLabels): SortValue {
  if (isTatColumn(column)) return row[TAT_COLUMNS[column]];
  switch (column) {
    case 'stat':
      return row.stat ? 1 : 0;
    case 'filterJobId':
      return row.jobId;
    case 'jobNoteBool':
      return row.jobNoteBool ? 1 : 0;
    case 'formattedDictatedDate':
    case 'formattedSignedDate':
    case 'formattedDateOfService':
      return row[DATE_FIELDS[column]] || null;
    case 'patientName':
      return row.patientName || null;
    default:
      return columnText(row, column, labels) || null;
  }
}

/** Text compared without letter case or accents ("Núñez" sorts with "Nunez"). */
export function foldText(text: string): string {
  return /[^\x20-\x7e]/.test(text)
    ? text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    : text.toLowerCase();
}

/**
 * Orders two sort values ascending. Spec 01 §5: missing values are lowest. Text is compared folded
 * (see {@link foldText}); ISO dates compare as text.
 */
export function compareSortValues(a: SortValue, b: SortValue): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  const fa = foldText(a);
  const fb = foldText(b);
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}

/**
 * The reference sort: rows in a column's order, ties kept in load order (the server's job id
 * order); descending reverses the order of values, so missing values come last.
 */
export function sortJobRows(
  rows: readonly JobListRow[],
  sort: JobListSort,
  labels: JobListLabels,
): JobListRow[] {
  const keyed = rows.map((row, index) => ({ row, index, key: sortValue(row, sort.column, labels) }));
  const sign = sort.ascending ? 1 : -1;
  keyed.sort((x, y) => sign * compareSortValues(x.key, y.key) || x.index - y.index);
  return keyed.map((k) => k.row);
}

/**
 * Rows handled between two pauses of a stepwise computation (see {@link columnRanksSteps}): a few
 * milliseconds of work, so background warm-up never holds up a click for longer than that.
 */
const ROWS_PER_STEP = 2_000;

/** Rows placed between two pauses of {@link orderByRanksSteps} (its pass is the cheapest). */
const SCATTER_ROWS_PER_STEP = 25_000;

/**
 * Precomputed sort keys of a column: each row's rank among the column's distinct values (0 for a
 * missing value, then 1, 2, … in ascending order; equal values share a rank). Computed once per
 * load; sorting by ranks is then a linear counting sort.
 */
export function columnRanks(
  rows: readonly JobListRow[],
  column: JobListColumn,
  labels: JobListLabels,
): Int32Array {
  return runSteps(columnRanksSteps(rows, column, labels));
}

/**
 * {@link columnRanks} as a generator that pauses (yields) every {@link ROWS_PER_STEP} rows and
 * between phases, so a caller can spread the work of 100,000 rows over several short tasks and
 * never hold the browser's main thread for long.
 */
export function* columnRanksSteps(
  rows: readonly JobListRow[],
  column: JobListColumn,
  labels: JobListLabels,
): Generator<void, Int32Array, void> {
  const ranks = new Int32Array(rows.length);
  if (kindOf(column) === 'text') {
    const { ids, rankOfId } = yield* distinctTextsSteps(rows, column, labels);
    yield* inRanges(rows.length, PASS_ROWS_PER_STEP, (start, end) => {
      for (let i = start; i < end; i++) ranks[i] = ids[i]! < 0 ? 0 : rankOfId[ids[i]!]!;
    });
    return ranks;
  }
  // Numbers, and ISO dates as their time (a numeric sort of 100,000 values is a few milliseconds;
  // sorting as many distinct date strings is not). Missing values are NaN.
  const values = new Float64Array(rows.length);
  yield* inRanges(rows.length, ROWS_PER_STEP, (start, end) => {
    for (let i = start; i < end; i++) values[i] = sortNumber(rows[i]!, column, labels);
  });
  yield;
  yield* numberRanksSteps(values, ranks);
  return ranks;
}

/** The distinct texts of a text column and their sort ranks (see {@link distinctTextsSteps}). */
export interface DistinctTexts {
  /** Each row's text by number (its first appearance), −1 for none. */
  ids: Int32Array;
  values: string[];
  /** Each text's sort rank (1, 2, …; texts equal when folded share one). */
  rankOfId: Int32Array;
}

/**
 * The sort texts of a text column, each distinct one numbered and ranked: a text column holds far
 * fewer values than it has rows, so the rows are read once and only the distinct texts are sorted.
 */
export function* distinctTextsSteps(
  rows: readonly JobListRow[],
  column: JobListColumn,
  labels: JobListLabels,
): Generator<void, DistinctTexts, void> {
  const { ids, values } = yield* distinctValuesSteps(
    rows,
    column,
    (row) => sortValue(row, column, labels) as string | null,
  );
  yield;
  const keys = new Array<string>(values.length);
  yield* inRanges(values.length, ROWS_PER_STEP, (start, end) => {
    for (let id = start; id < end; id++) keys[id] = foldText(values[id]!);
  });
  yield;
  // The engine's own sort without a comparator orders strings by UTF-16 code units, as `<` does.
  const sorted = keys.slice().sort();
  yield;
  const rankOfKey = new Map<string, number>();
  for (const key of sorted) if (!rankOfKey.has(key)) rankOfKey.set(key, rankOfKey.size + 1);
  yield;
  const rankOfId = new Int32Array(keys.length);
  yield* inRanges(keys.length, ROWS_PER_STEP, (start, end) => {
    for (let id = start; id < end; id++) rankOfId[id] = rankOfKey.get(keys[id]!)!;
  });
  yield;
  return { ids, values, rankOfId };
}

/**
 * {@link sortValue} of a number or date column as a number: a time in ms, a date of service in
 * days (a few thousand values: ranked in one linear pass, see {@link numberRanksSteps}); NaN when
 * missing.
 */
function sortNumber(row: JobListRow, column: JobListColumn, labels: JobListLabels): number {
  if (row instanceof DecodedJobListRow) {
    // The decoded row keeps its times as numbers: no ISO text to write and read back.
    if (column === 'formattedDictatedDate') return row.utcOf('dictatedDate');
    if (column === 'formattedSignedDate') return row.utcOf('signedDate');
    if (column === 'formattedDateOfService') return row.serviceDay();
  }
  const value = sortValue(row, column, labels);
  if (value === null) return Number.NaN;
  if (typeof value === 'number') return value;
  return column === 'formattedDateOfService' ? Math.floor(isoTime(value) / DAY_MS) : isoTime(value);
}

/**
 * Each row's rank by number (NaN, a missing value, ranks 0). Whole numbers — all the list sorts
 * by: flags, job ids, times in ms — take a linear path: in a narrow range (flags, ids) a value's
 * rank is its distance from the smallest plus one (ranks need order, not density); otherwise a
 * radix sort. Anything else sorts the values and finds each row's by binary search.
 */
function* numberRanksSteps(values: Float64Array, ranks: Int32Array): Generator<void, void, void> {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let whole = true;
  yield* inRanges(values.length, PASS_ROWS_PER_STEP, (start, end) => {
    let low = min;
    let high = max;
    let integers = whole;
    for (let i = start; i < end; i++) {
      const value = values[i]!;
      if (Number.isNaN(value)) continue;
      if (!Number.isInteger(value)) integers = false;
      if (value < low) low = value;
      if (value > high) high = value;
    }
    min = low;
    max = high;
    whole = integers;
  });
  yield;
  const range = max - min;
  if (whole && range <= 4 * values.length + 1024) {
    yield* inRanges(values.length, PASS_ROWS_PER_STEP, (start, end) => {
      for (let i = start; i < end; i++) {
        const value = values[i]!;
        ranks[i] = Number.isNaN(value) ? 0 : value - min + 1;
      }
    });
  } else if (whole && (yield* packedRanksSteps(values, min, range, ranks))) {
    // Ranked by one native sort (times within two years or so at 100,000 rows).
  } else if (whole && range <= Number.MAX_SAFE_INTEGER) yield* radixRanksSteps(values, min, range, ranks);
  else sortedRanks(values, ranks);
}

/**
 * Dense ranks by one native sort of keys that each hold a value's distance from the smallest and
 * its row (`distance × 2^k + row`, 2^k above the row count), when those fit a double exactly; false
 * (nothing done) when they do not. For the list's times this is the quickest way: 10–17 ms for
 * 94,000 rows on first use, where the radix sort's first run took 60–80 ms before the engine had
 * optimised it (the first sort by date after a load). Pauses between passes and within them; the
 * native sort is one step.
 */
function* packedRanksSteps(
  values: Float64Array,
  min: number,
  range: number,
  ranks: Int32Array,
): Generator<void, boolean, void> {
  const multiplier = 2 ** Math.ceil(Math.log2(values.length + 1));
  if ((range + 1) * multiplier > Number.MAX_SAFE_INTEGER) return false;
  let count = 0;
  yield* inRanges(values.length, PASS_ROWS_PER_STEP, (start, end) => {
    let present = 0;
    for (let i = start; i < end; i++) if (!Number.isNaN(values[i]!)) present++;
    count += present;
  });
  yield;
  const keys = new Float64Array(count);
  let n = 0;
  yield* inRanges(values.length, PASS_ROWS_PER_STEP, (start, end) => {
    let k = n;
    for (let i = start; i < end; i++) {
      const value = values[i]!;
      if (Number.isNaN(value)) ranks[i] = 0;
      else keys[k++] = (value - min) * multiplier + i;
    }
    n = k;
  });
  yield;
  // A typed array sorts numerically (one native call: the step the rest cannot split).
  keys.sort();
  yield;
  let rank = 0;
  let previous = -1;
  yield* inRanges(count, PASS_ROWS_PER_STEP, (start, end) => {
    let r = rank;
    let last = previous;
    for (let k = start; k < end; k++) {
      const key = keys[k]!;
      const distance = Math.floor(key / multiplier);
      if (distance !== last) {
        r++;
        last = distance;
      }
      ranks[key - distance * multiplier] = r;
    }
    rank = r;
    previous = last;
  });
  return true;
}

/**
 * Dense ranks by a stable LSD radix sort of the rows on 16-bit digits of `value - min` (below
 * 2^53: a high and a low 32-bit word), the keys moved along with the rows so every pass reads in
 * order.
 */
function* radixRanksSteps(
  values: Float64Array,
  min: number,
  range: number,
  ranks: Int32Array,
): Generator<void, void, void> {
  let count = 0;
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) count++;
  let rows = new Uint32Array(count);
  let low = new Uint32Array(count);
  let high = new Uint32Array(count);
  for (let i = 0, n = 0; i < values.length; i++) {
    const value = values[i]!;
    if (Number.isNaN(value)) {
      ranks[i] = 0;
      continue;
    }
    const offset = value - min;
    rows[n] = i;
    low[n] = offset % 4_294_967_296;
    high[n++] = Math.floor(offset / 4_294_967_296);
  }
  let nextRows = new Uint32Array(count);
  let nextLow = new Uint32Array(count);
  let nextHigh = new Uint32Array(count);
  const starts = new Uint32Array(65_537);
  const passes = range < 65_536 ? 1 : range < 4_294_967_296 ? 2 : range < 281_474_976_710_656 ? 3 : 4;
  for (let pass = 0; pass < passes; pass++) {
    const word = pass < 2 ? low : high;
    const shift = pass % 2 === 0 ? 0 : 16;
    starts.fill(0);
    for (let k = 0; k < count; k++) starts[((word[k]! >>> shift) & 0xffff) + 1]! += 1;
    for (let d = 1; d < starts.length; d++) starts[d]! += starts[d - 1]!;
    for (let k = 0; k < count; k++) {
      const digit = (word[k]! >>> shift) & 0xffff;
      const to = starts[digit]!;
      starts[digit] = to + 1;
      nextRows[to] = rows[k]!;
      nextLow[to] = low[k]!;
      nextHigh[to] = high[k]!;
    }
    [rows, nextRows] = [nextRows, rows];
    [low, nextLow] = [nextLow, low];
    [high, nextHigh] = [nextHigh, high];
    yield;
  }
  let rank = 0;
  for (let k = 0; k < count; k++) {
    if (k === 0 || low[k] !== low[k - 1] || high[k] !== high[k - 1]) rank++;
    ranks[rows[k]!] = rank;
  }
}

/** Dense ranks by sorting the values and finding each row's by binary search. */
function sortedRanks(values: Float64Array, ranks: Int32Array): void {
  // A typed array sorts numerically, NaN last.
  const sorted = values.slice().sort();
  let distinct = 0;
  for (let i = 0; i < sorted.length && !Number.isNaN(sorted[i]!); i++)
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i]!;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (Number.isNaN(value)) {
      ranks[i] = 0;
      continue;
    }
    let lo = 0;
    let hi = distinct - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    ranks[i] = lo + 1;
  }
}

/**
 * Stable counting sort of row indexes (each row at most once) by precomputed ranks: linear in the
 * number of rows, so a 100,000-row sort takes a few milliseconds. Ties keep the order they came in.
 */
export function orderByRanks(order: ArrayLike<number>, ranks: Int32Array, ascending: boolean): Uint32Array {
  return runSteps(orderByRanksSteps(order, ranks, ascending));
}

/** {@link orderByRanks} as a generator that pauses (yields) between passes over the rows. */
export function* orderByRanksSteps(
  order: ArrayLike<number>,
  ranks: Int32Array,
  ascending: boolean,
): Generator<void, Uint32Array, void> {
  let max = 0;
  yield* inRanges(ranks.length, SCATTER_ROWS_PER_STEP, (start, end) => {
    let highest = max;
    for (let i = start; i < end; i++) if (ranks[i]! > highest) highest = ranks[i]!;
    max = highest;
  });
  yield;
  const starts = new Uint32Array(max + 2);
  // Every row in the order (a permutation of them all): counted in storage order, without
  // reading the order — one pass less at random over the rows.
  const all = order.length === ranks.length;
  yield* inRanges(order.length, SCATTER_ROWS_PER_STEP, (start, end) => {
    for (let i = start; i < end; i++) {
      const r = ranks[all ? i : order[i]!]!;
      starts[(ascending ? r : max - r) + 1]! += 1;
    }
  });
  for (let r = 1; r < starts.length; r++) starts[r]! += starts[r - 1]!;
  yield;
  const out = new Uint32Array(order.length);
  yield* inRanges(order.length, SCATTER_ROWS_PER_STEP, (start, end) => {
    for (let i = start; i < end; i++) {
      const index = order[i]!;
      const r = ranks[index]!;
      const slot = ascending ? r : max - r;
      out[starts[slot]!] = index;
      starts[slot]! += 1;
    }
  });
  return out;
}

/**
 * The same rows in the other direction of a stable order by `ranks`, ties kept in the order they
 * have: from the ascending order, the descending one `orderByRanks` would give (ties in load
 * order), and back. One sequential pass, no counting.
 */
export function reverseByRanks(order: Uint32Array, ranks: Int32Array): Uint32Array {
  const out = new Uint32Array(order.length);
  let at = 0;
  let end = order.length;
  while (end > 0) {
    const rank = ranks[order[end - 1]!]!;
    let start = end - 1;
    while (start > 0 && ranks[order[start - 1]!]! === rank) start--;
    for (let i = start; i < end; i++) out[at++] = order[i]!;
    end = start;
  }
  return out;
}
