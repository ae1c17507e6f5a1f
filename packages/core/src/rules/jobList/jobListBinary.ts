import {
  type BinaryJobListHeader,
  BinaryJobListHeaderSchema,
  type JobListRow,
  LIST_VIEWED_BITS as VIEWED,
} from '../../contract/jobList.js';
import {
  compileDateFormatter,
  compileDateTimeFormatter,
  compileDateTimePieces,
  type DateTimePieces,
  isoString,
} from '../time/dateFormat.js';
import { isClockChangeDay, withZoneLabel } from '../time/jobTime.js';
import type { JobListColumn } from './jobListColumns.js';
import {
  type CompiledListRow,
  compileListRow,
  JOB_LIST_ROW_LAYOUT,
  type ListRowFieldName,
  type ListRowFieldOfType,
  type ListRowLayout,
  type ListRowReader,
  listRowBits,
} from './jobListRowLayout.js';
import { stageName } from './stages.js';

/** The platform's UTF-8 decoder (browsers and Node have it; core's types name no platform). */
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The fields the decoder reads by name: every layout it reads has them (a fixture may add more). */
type Field = ListRowFieldName<typeof JOB_LIST_ROW_LAYOUT>;
/** The fields of each type: a getter reads a field by its type's DataView call, checked by tsc. */
type Float64Field = ListRowFieldOfType<typeof JOB_LIST_ROW_LAYOUT, 'float64'>;
type Int32Field = ListRowFieldOfType<typeof JOB_LIST_ROW_LAYOUT, 'int32'>;
type Int16Field = ListRowFieldOfType<typeof JOB_LIST_ROW_LAYOUT, 'int16'>;

/**
 * Each field of JOB_LIST_ROW_LAYOUT by its position there, typed by the field's type: a getter
 * reads `F64.jobId` with getFloat64, and tsc refuses a field of another type.
 */
const FIELD_INDEX = Object.fromEntries(JOB_LIST_ROW_LAYOUT.fields.map((f, i) => [f.name, i])) as Record<
  Field,
  number
>;
const F64: Readonly<Record<Float64Field, number>> = FIELD_INDEX;
const I32: Readonly<Record<Int32Field, number>> = FIELD_INDEX;
const I16: Readonly<Record<Int16Field, number>> = FIELD_INDEX;
const BIT = listRowBits(JOB_LIST_ROW_LAYOUT);

/** A layout as the decoder reads it: where each of its fields starts and its missing sentinel. */
interface ReadableLayout {
  readonly compiled: CompiledListRow;
  /** By {@link FIELD_INDEX}: the field's offset in the layout's record. */
  readonly offsets: Int32Array;
  /** By {@link FIELD_INDEX}: the field's missing sentinel (NaN where NaN or none). */
  readonly missing: Float64Array;
}

const readableLayouts = new WeakMap<ListRowLayout, ReadableLayout>();

/**
 * A layout the decoder can read: it has every field of JOB_LIST_ROW_LAYOUT with its type and bits
 * (a test's layout may add fields, moving the others); made once per layout.
 */
function readable(layout: ListRowLayout): ReadableLayout {
  let done = readableLayouts.get(layout);
  if (done) return done;
  const compiled = compileListRow(layout);
  const count = JOB_LIST_ROW_LAYOUT.fields.length;
  done = { compiled, offsets: new Int32Array(count), missing: new Float64Array(count) };
  JOB_LIST_ROW_LAYOUT.fields.forEach(({ name, type }, i) => {
    if (compiled.types[name] !== type) throw new Error(`the list row's ${name} must be ${type}`);
    done!.offsets[i] = compiled.offsets[name]!;
    done!.missing[i] = compiled.missing[name] ?? Number.NaN;
  });
  for (const [name, mask] of Object.entries(BIT))
    if (compiled.bits[name] !== mask) throw new Error(`the list row's bit ${name} must be ${mask}`);
  readableLayouts.set(layout, done);
  return done;
}

/** The flags of a row without any, shared by all such rows (read only). */
const NO_FLAGS: JobListRow['flags'] = Object.freeze([]) as unknown as JobListRow['flags'];

/** A binary batch (contract JOB_LIST_FORMATS) cut in two: its header, not yet checked, and its rows. */
export interface BinaryJobListParts {
  header: unknown;
  rows: DataView;
}

/**
 * Cuts a binary batch into its header (parsed JSON; the caller checks it against the contract)
 * and its rows' bytes; throws when the lengths do not add up to the header's count of records of
 * the layout (JOB_LIST_ROW_LAYOUT unless a test says otherwise).
 */
export function splitBinaryJobList(
  bytes: Uint8Array,
  layout: ListRowLayout = JOB_LIST_ROW_LAYOUT,
): BinaryJobListParts {
  const size = compileListRow(layout).size;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 4) throw new Error('not a binary job list');
  const headerLength = view.getUint32(0);
  const rowsAt = 4 + headerLength;
  if (rowsAt > bytes.byteLength) throw new Error('not a binary job list');
  const header: unknown = JSON.parse(new TextDecoder().decode(bytes.subarray(4, rowsAt)));
  const count = (header as { count?: unknown } | null)?.count;
  if (typeof count !== 'number' || bytes.byteLength - rowsAt !== count * size)
    throw new Error('binary job list rows do not match their count');
  return { header, rows: new DataView(bytes.buffer, bytes.byteOffset + rowsAt, count * size) };
}

/** One batch's rows, which its {@link DecodedJobListRow}s read, and what they share. */
class RowBatch {
  readonly header: BinaryJobListHeader;
  readonly rows: DataView;
  /** The bytes of one record. */
  readonly size: number;
  /** Where each field starts in a record and its missing sentinel, by {@link FIELD_INDEX}. */
  readonly at: Int32Array;
  readonly missing: Float64Array;
  /** Each field's value (null where missing), by name. */
  readonly value: CompiledListRow['value'];
  /** The number behind each {@link hasTextCode} column's text (see {@link TEXT_FIELDS}). */
  readonly textCodes: Readonly<Partial<Record<JobListColumn, ListRowReader>>>;
  readonly dateTime: (wallClockMs: number) => string;
  /** {@link dateTime}'s text in its date and time pieces, null where it does not cut so. */
  readonly dateTimePieces: DateTimePieces | null;
  readonly #date: (wallClockMs: number) => string;
  /** A date of service's text (YYYY-MM-DD) and its formatted text, kept per day (days recur). */
  readonly #dates = new Map<number, [string, string]>();
  /** A row's flags as objects, made when first read. */
  readonly flags: (JobListRow['flags'] | undefined)[];
  /** Whether a facility's clocks change on a wall-clock day, by facility id and day (days recur). */
  readonly #changeDays = new Map<number, boolean>();

  constructor(header: BinaryJobListHeader, rows: DataView, layout: ReadableLayout) {
    this.header = header;
    this.rows = rows;
    this.size = layout.compiled.size;
    this.at = layout.offsets;
    this.missing = layout.missing;
    this.value = layout.compiled.value;
    this.textCodes = textCodesOf(layout.compiled);
    this.dateTime = compileDateTimeFormatter(header.dateFormat, header.timeFormat);
    this.dateTimePieces = compileDateTimePieces(header.dateFormat, header.timeFormat);
    this.#date = compileDateFormatter(header.dateFormat);
    this.flags = new Array(header.count);
  }

  /**
   * A time's text as the list shows it: printed from its wall clock, with its facility zone's
   * abbreviation on a day that zone's clocks change (`isClockChangeDay`: the repeated hour's
   * 01:04 could be either of two instants). A facility the header names no zone for is unlabelled.
   */
  timeText(utc: number, wallClock: number, facilityId: number): string {
    const text = this.dateTime(wallClock);
    const zone = this.header.timeZones[facilityId];
    if (zone === undefined) return text;
    const key = facilityId * 1_000_000 + Math.floor(wallClock / DAY_MS);
    let changes = this.#changeDays.get(key);
    if (changes === undefined) {
      changes = isClockChangeDay(utc, zone);
      this.#changeDays.set(key, changes);
    }
    return changes ? withZoneLabel(text, utc, zone, true) : text;
  }

  /** The date of service of the row at `at`: [YYYY-MM-DD, formatted], or null when missing. */
  dateOfService(at: number): [string, string] | null {
    const day = this.rows.getInt32(at + this.at[I32.dateOfService]!);
    if (day === this.missing[I32.dateOfService]) return null;
    let texts = this.#dates.get(day);
    if (texts === undefined) {
      texts = [isoString(day * DAY_MS).slice(0, 10), this.#date(day * DAY_MS)];
      this.#dates.set(day, texts);
    }
    return texts;
  }
}

/**
 * The record field that decides a column's text in a decoded row: rows of one batch with the same
 * number there show the same text (a name's id, a stage, a day, turnaround minutes; `stat` is a
 * bit of `bits`). Keys of the column read that number per row and the text once per number (see
 * `distinctValuesSteps`).
 */
const TEXT_FIELDS: Partial<Record<JobListColumn, Field | 'stat'>> = {
  stat: 'stat',
  dictatorName: 'dictatorId',
  clinic: 'clientFacilityId',
  patientName: 'patientId',
  patientMRN: 'patientId',
  workType: 'workTypeId',
  department: 'departmentId',
  location: 'locationId',
  stageName: 'stageId',
  formattedDateOfService: 'dateOfService',
  tatFirstText: 'tatFirstText',
  tatFinished: 'tatFinished',
};

const textCodesMade = new WeakMap<CompiledListRow, Partial<Record<JobListColumn, ListRowReader>>>();

/** The readers of {@link TEXT_FIELDS} in a layout, made once per layout. */
function textCodesOf(layout: CompiledListRow): Partial<Record<JobListColumn, ListRowReader>> {
  let codes = textCodesMade.get(layout);
  if (!codes) {
    codes = {};
    for (const [column, field] of Object.entries(TEXT_FIELDS) as [JobListColumn, string][])
      codes[column] = field === 'stat' ? layout.bit.stat : layout.read[field];
    textCodesMade.set(layout, codes);
  }
  return codes;
}

/** True for the columns whose text a decoded row's text code stands for (names, stage, day, turnaround). */
export function hasTextCode(column: JobListColumn): boolean {
  return TEXT_FIELDS[column] !== undefined;
}

/**
 * A decoded row: the fields of the spec's "Job list row" (spec 01 §3), read from its batch's
 * bytes (contract BINARY_ROW) when asked — names, notes, flags and date texts included. A page
 * shows 10 rows, and the search and sort keys of all rows are built after the first page is
 * shown, off the path the list's load budget measures (ARCHITECTURE §7); a row is one small
 * object, so 100,000 of them are made in a few milliseconds, held in little memory and barely
 * touched by the garbage collector. `toJSON` gives the plain row.
 */
export class DecodedJobListRow implements JobListRow {
  readonly #b: RowBatch;
  /** Where the row's bytes start in its batch's rows. */
  readonly #at: number;

  /** `at`: where the row's bytes start in the batch's rows (its index times the record's size). */
  constructor(batch: RowBatch, at: number) {
    this.#b = batch;
    this.#at = at;
  }

  /** The row's batch: what its {@link textCode}s are relative to. */
  get batch(): object {
    return this.#b;
  }

  /**
   * A number that rows of this row's batch share exactly when they show the same text in the
   * column, one of {@link hasTextCode} (see {@link TEXT_FIELDS}).
   */
  textCode(column: JobListColumn): number {
    // A job that names its own patient (issue 39) shares its text with no other row by id.
    if ((column === 'patientName' || column === 'patientMRN') && this.#ownPatient())
      return -2 - this.#at / this.#b.size;
    return this.#b.textCodes[column]!(this.#b.rows, this.#at);
  }

  /**
   * The value of any field of the batch's layout (null where missing): what a new field reads
   * by before the row has a getter of its own.
   */
  field(name: string): number | null {
    const reader = this.#b.value[name];
    if (!reader) throw new Error(`the list row has no field ${name}`);
    return reader(this.#b.rows, this.#at);
  }

  /**
   * A field's raw number, by {@link FIELD_INDEX} of its type (an id: BINARY_MISSING_ID, which no
   * dictionary holds, when missing).
   */
  #f64(field: number): number {
    return this.#b.rows.getFloat64(this.#at + this.#b.at[field]!);
  }

  #i32(field: number): number {
    return this.#b.rows.getInt32(this.#at + this.#b.at[field]!);
  }

  #i16(field: number): number {
    return this.#b.rows.getInt16(this.#at + this.#b.at[field]!);
  }

  /** A field's number, null where it is the field's missing sentinel (or NaN for NaN). */
  #orNull(field: number, value: number): number | null {
    const missing = this.#b.missing[field]!;
    return value === missing || (Number.isNaN(value) && Number.isNaN(missing)) ? null : value;
  }

  get jobId(): number {
    return this.#f64(F64.jobId);
  }

  get originalJobId(): number | null {
    return this.#orNull(F64.originalJobId, this.#f64(F64.originalJobId));
  }

  get dictatorName(): string {
    return this.#b.header.dictators[this.#i32(I32.dictatorId)] || '';
  }

  /** The job's own patient name and MRN (its ADT values differ from its record's, issue 39). */
  #ownPatient(): readonly [string | null, string | null] | undefined {
    return this.#b.header.jobPatients?.[this.jobId];
  }

  get patientName(): string | null {
    return (this.#ownPatient() ?? this.#b.header.patients[this.#i32(I32.patientId)])?.[0] ?? null;
  }

  /** Null when withheld (issue 41) or missing, as the `rows` format answers it. */
  get patientMRN(): string | null {
    return (this.#ownPatient() ?? this.#b.header.patients[this.#i32(I32.patientId)])?.[1] ?? null;
  }

  get dateOfService(): string | null {
    return this.#b.dateOfService(this.#at)?.[0] ?? null;
  }

  get workType(): string {
    return this.#b.header.workTypes[this.#i32(I32.workTypeId)] || '';
  }

  get department(): string {
    return this.#b.header.departments[this.#i32(I32.departmentId)] || '';
  }

  get location(): string {
    return this.#b.header.locations[this.#i32(I32.locationId)]?.[0] ?? '';
  }

  get jobLocation(): string {
    return this.#b.header.locations[this.#i32(I32.locationId)]?.[1] ?? '';
  }

  get jobNote(): string {
    return this.#b.header.notes[this.jobId] ?? '';
  }

  get stageName(): string {
    return stageName(this.stageId) ?? '';
  }

  get stageId(): number {
    return this.#i16(I16.stageId);
  }

  get clinic(): string {
    return this.#b.header.facilities[this.clientFacilityId] ?? '';
  }

  get clientFacilityId(): number {
    return this.#i32(I32.clientFacilityId);
  }

  get flags(): JobListRow['flags'] {
    const b = this.#b;
    const i = this.#at / b.size;
    let flags = b.flags[i];
    if (flags === undefined) {
      const coded = b.header.flags[this.jobId];
      flags = coded ? coded.map(([code, description]) => ({ code, description })) : NO_FLAGS;
      b.flags[i] = flags;
    }
    return flags;
  }

  #bit(bit: 'stat' | 'edited' | 'signed' | 'faxed'): boolean {
    return (this.#i16(I16.bits) & BIT[bit]) !== 0;
  }

  #viewed(bit: number): boolean {
    return ((this.#b.header.viewed[this.jobId] ?? 0) & bit) !== 0;
  }

  get stat(): boolean {
    return this.#bit('stat');
  }

  get statBool(): boolean {
    return this.stat;
  }

  get jobNoteBool(): boolean {
    return this.jobNote !== '';
  }

  get pdfViewed(): boolean {
    return this.#viewed(VIEWED.pdf);
  }

  get rtfViewed(): boolean {
    return this.#viewed(VIEWED.rtf);
  }

  get edited(): boolean {
    return this.#bit('edited');
  }

  get signed(): boolean {
    return this.#bit('signed');
  }

  get faxed(): boolean {
    return this.#bit('faxed');
  }

  get tatFirstTextMinutes(): number | null {
    return this.#orNull(I32.tatFirstText, this.#i32(I32.tatFirstText));
  }

  get tatFinishedMinutes(): number | null {
    return this.#orNull(I32.tatFinished, this.#i32(I32.tatFinished));
  }

  /** The facility's STAT target from the header (NaN, which no comparison passes, if it is not there). */
  get statTargetMinutes(): number {
    return this.#b.header.statTargets[this.clientFacilityId] ?? Number.NaN;
  }

  get filterJobId(): string {
    return String(this.jobId);
  }

  get dictatedDate(): string | null {
    const utc = this.utcOf('dictatedDate');
    return Number.isNaN(utc) ? null : isoString(utc);
  }

  get signedDate(): string | null {
    const utc = this.utcOf('signedDate');
    return Number.isNaN(utc) ? null : isoString(utc);
  }

  #formatted(column: 'formattedDictatedDate' | 'formattedSignedDate'): string {
    const wallClock = this.wallClockOf(column);
    if (Number.isNaN(wallClock)) return '';
    const utc = this.utcOf(column === 'formattedDictatedDate' ? 'dictatedDate' : 'signedDate');
    return this.#b.timeText(utc, wallClock, this.clientFacilityId);
  }

  /**
   * The date and time pieces of the formatted time columns' texts (see `compileDateTimePieces`),
   * of this row's batch; null when its format does not cut in two.
   */
  get timePieces(): DateTimePieces | null {
    return this.#b.dateTimePieces;
  }

  /** The wall-clock time a formatted time column shows, in ms (NaN when missing). */
  wallClockOf(column: 'formattedDictatedDate' | 'formattedSignedDate'): number {
    const dictated = column === 'formattedDictatedDate';
    const utc = this.utcOf(dictated ? 'dictatedDate' : 'signedDate');
    return utc + this.#i16(dictated ? I16.dictatedOffset : I16.signedOffset) * MINUTE_MS;
  }

  get formattedDictatedDate(): string {
    return this.#formatted('formattedDictatedDate');
  }

  get formattedSignedDate(): string {
    return this.#formatted('formattedSignedDate');
  }

  get formattedDateOfService(): string {
    return this.#b.dateOfService(this.#at)?.[1] ?? '';
  }

  /** The date of service in days since 1970-01-01 (what the list sorts by), NaN when missing. */
  serviceDay(): number {
    return this.#orNull(I32.dateOfService, this.#i32(I32.dateOfService)) ?? Number.NaN;
  }

  /** The UTC milliseconds of the dictated or signed time (what the list sorts by), NaN when missing. */
  utcOf(field: 'dictatedDate' | 'signedDate'): number {
    return this.#f64(field === 'dictatedDate' ? F64.dictatedUtc : F64.signedUtc);
  }

  toJSON(): JobListRow {
    return {
      jobId: this.jobId,
      originalJobId: this.originalJobId,
      stat: this.stat,
      statBool: this.statBool,
      filterJobId: this.filterJobId,
      dictatorName: this.dictatorName,
      patientName: this.patientName,
      patientMRN: this.patientMRN,
      dictatedDate: this.dictatedDate,
      signedDate: this.signedDate,
      dateOfService: this.dateOfService,
      formattedDictatedDate: this.formattedDictatedDate,
      formattedSignedDate: this.formattedSignedDate,
      formattedDateOfService: this.formattedDateOfService,
      workType: this.workType,
      department: this.department,
      location: this.location,
      jobNote: this.jobNote,
      jobNoteBool: this.jobNoteBool,
      stageName: this.stageName,
      stageId: this.stageId,
      clinic: this.clinic,
      clientFacilityId: this.clientFacilityId,
      jobLocation: this.jobLocation,
      flags: this.flags,
      pdfViewed: this.pdfViewed,
      rtfViewed: this.rtfViewed,
      edited: this.edited,
      signed: this.signed,
      faxed: this.faxed,
      tatFirstTextMinutes: this.tatFirstTextMinutes,
      tatFinishedMinutes: this.tatFinishedMinutes,
      statTargetMinutes: this.statTargetMinutes,
    };
  }
}

/**
 * The rows of a binary batch whose header has been checked against the contract: each row reads
 * its fields from the batch's bytes (see {@link DecodedJobListRow}) as the `rows` answer has them,
 * field for field, where the layout (JOB_LIST_ROW_LAYOUT unless a test says otherwise) puts them.
 */
export function decodeBinaryJobListRows(
  header: BinaryJobListHeader,
  rows: DataView,
  layout: ListRowLayout = JOB_LIST_ROW_LAYOUT,
): DecodedJobListRow[] {
  const batch = new RowBatch(header, rows, readable(layout));
  const out = new Array<DecodedJobListRow>(header.count);
  const size = batch.size;
  for (let i = 0; i < header.count; i++) out[i] = new DecodedJobListRow(batch, i * size);
  return out;
}

/** A binary batch's rows, its header checked in full against the contract. */
export function decodeBinaryJobList(bytes: Uint8Array): JobListRow[] {
  const { header, rows } = splitBinaryJobList(bytes);
  return decodeBinaryJobListRows(BinaryJobListHeaderSchema.parse(header), rows);
}
