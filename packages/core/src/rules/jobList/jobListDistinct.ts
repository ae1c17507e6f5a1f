import type { JobListRow } from '../../contract/jobList.js';
import { DecodedJobListRow, hasTextCode } from './jobListBinary.js';
import type { JobListColumn } from './jobListColumns.js';

/** Rows handled between two pauses of {@link distinctValuesSteps}: a few milliseconds of work. */
const ROWS_PER_STEP = 2_000;

/** Text codes (ids, days, stages) below this are looked up in a table; others in a map. */
const TABLE_CODES = 1 << 20;

/** Batches a load may have (far more than any has): keys of {@link CodeValues}' map. */
const BATCHES = 1 << 22;

/** A column's distinct values: each row's value by number (its first appearance), −1 for none. */
export interface DistinctValues {
  ids: Int32Array;
  values: string[];
}

/**
 * Which value each text code of a column stands for, batch by batch (a code means the same value
 * only within its batch): a table indexed by the code for small codes — one read per row — and a
 * map for the others.
 */
class CodeValues {
  /** Value id + 1 per code + 1 (0: not seen), and the batch it was seen in. */
  private ids = new Int32Array(1_024);
  private seenIn = new Int32Array(1_024);
  /** Others by code × 2^22 + batch (exact in a double for any int32 code). */
  private readonly others = new Map<number, number>();

  get(batch: number, code: number): number {
    const at = code + 1;
    if (at >= 0 && at < this.ids.length) return this.seenIn[at] === batch ? this.ids[at]! - 1 : -2;
    return this.others.get(code * BATCHES + batch) ?? -2;
  }

  set(batch: number, code: number, id: number): void {
    const at = code + 1;
    if (at >= 0 && at < TABLE_CODES) {
      if (at >= this.ids.length) this.grow(at);
      this.ids[at] = id + 1;
      this.seenIn[at] = batch;
    } else this.others.set(code * BATCHES + batch, id);
  }

  private grow(at: number): void {
    let length = this.ids.length;
    while (length <= at) length *= 2;
    const ids = new Int32Array(length);
    const seenIn = new Int32Array(length);
    ids.set(this.ids);
    seenIn.set(this.seenIn);
    this.ids = ids;
    this.seenIn = seenIn;
  }
}

/** Numbers distinct texts in the order they are first seen. */
export class Numbering {
  readonly values: string[] = [];
  private readonly idOf = new Map<string, number>();

  id(value: string): number {
    let id = this.idOf.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.idOf.set(value, id);
      this.values.push(value);
    }
    return id;
  }
}

/**
 * The numbering of a column's distinct values as {@link distinctValuesSteps} builds it: `number`
 * reads a range of rows, in a plain method and not in the generator, so the engine can optimise
 * its loop while it runs (it does not do that for a loop that pauses a generator).
 */
class DistinctNumbering {
  readonly ids: Int32Array;
  private readonly numbering = new Numbering();
  private readonly coded: boolean;
  private readonly codes = new CodeValues();
  private batch: object | null = null;
  private batchNumber = 0;

  constructor(
    private readonly rows: readonly JobListRow[],
    private readonly column: JobListColumn,
    private readonly read: (row: JobListRow) => string | null,
  ) {
    this.ids = new Int32Array(rows.length);
    this.coded = hasTextCode(column);
  }

  get values(): string[] {
    return this.numbering.values;
  }

  private idOfValue(value: string | null): number {
    return value === null ? -1 : this.numbering.id(value);
  }

  number(start: number, end: number): void {
    const rows = this.rows;
    const column = this.column;
    const ids = this.ids;
    const codes = this.codes;
    for (let i = start; i < end; i++) {
      const row = rows[i]!;
      if (this.coded && row instanceof DecodedJobListRow) {
        // A load's rows come batch by batch.
        if (row.batch !== this.batch) {
          this.batch = row.batch;
          this.batchNumber++;
        }
        const code = row.textCode(column);
        let id = codes.get(this.batchNumber, code);
        if (id === -2) {
          id = this.idOfValue(this.read(row));
          codes.set(this.batchNumber, code, id);
        }
        ids[i] = id;
      } else ids[i] = this.idOfValue(this.read(row));
    }
  }
}

/**
 * Numbers the distinct values of a column (`read` of each row; null for none). A column holds
 * far fewer values than it has rows; of a decoded row whose text a record field decides (a name's
 * id, a stage, a day: `textCode`), the value is read once per batch and field value, so a row
 * costs one number read instead of a text. Pauses (yields) every {@link ROWS_PER_STEP} rows.
 */
export function* distinctValuesSteps(
  rows: readonly JobListRow[],
  column: JobListColumn,
  read: (row: JobListRow) => string | null,
): Generator<void, DistinctValues, void> {
  const numbering = new DistinctNumbering(rows, column, read);
  for (let start = 0; start < rows.length; start += ROWS_PER_STEP) {
    numbering.number(start, Math.min(rows.length, start + ROWS_PER_STEP));
    if (start + ROWS_PER_STEP < rows.length) yield;
  }
  return { ids: numbering.ids, values: numbering.values };
}
