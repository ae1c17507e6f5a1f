import {
  COMPACT_ROW_BITS as BIT,
  type CompactJobListHeader,
  type CompactJobListRow,
  type JobListRow,
  COMPACT_VIEWED_BITS as VIEWED,
} from '../contract/jobList.js';
import { compileDateFormatter, compileDateTimeFormatter, isoString } from './dateFormat.js';
import { stageName } from './stages.js';
import { runSteps } from './steps.js';

/** Rows decoded between two pauses (see {@link decodeCompactJobListSteps}). */
const ROWS_PER_STEP = 10_000;
const MINUTE_MS = 60_000;
/** Where a row's viewed marks start in its bits, past COMPACT_ROW_BITS. */
const VIEWED_SHIFT = 4;
/** The flags of a row without any, shared by all such rows (read only). */
const NO_FLAGS: JobListRow['flags'] = Object.freeze([]) as unknown as JobListRow['flags'];

type Formatter = (wallClockMs: number) => string;

/** The user's formats of one batch, shared by its rows. */
interface RowFormats {
  dateTime: Formatter;
  /** A date of service (YYYY-MM-DD) in the date format; kept per date (dates recur). */
  dateOfService(date: string): string;
  /** The one copy of a date of service's text the batch keeps (each row's parsed copy is let go). */
  sameDate(date: string): string;
}

function rowFormats(h: CompactJobListHeader): RowFormats {
  const date = compileDateFormatter(h.dateFormat);
  const dates = new Map<string, string>();
  const texts = new Map<string, string>();
  return {
    dateTime: compileDateTimeFormatter(h.dateFormat, h.timeFormat),
    dateOfService(text) {
      let formatted = dates.get(text);
      if (formatted === undefined) {
        formatted = date(Date.parse(text));
        dates.set(text, formatted);
      }
      return formatted;
    },
    sameDate(text) {
      const kept = texts.get(text);
      if (kept !== undefined) return kept;
      texts.set(text, text);
      return text;
    },
  };
}

/**
 * A decoded row: the fields of the spec's "Job list row" (spec 01 §3). The plain fields are its
 * own; the flags (STAT, note, viewed, edited, signed, faxed), the job id's text and the five date
 * texts are made when read, from the numbers kept — a page shows 10 rows, and the search and sort
 * keys of all rows are built after the first page is shown, off the path the list's load budget
 * measures (ARCHITECTURE §7). 100,000 rows are held in less memory and copied less by the
 * garbage collector. `toJSON` gives the plain row.
 */
export class DecodedJobListRow implements JobListRow {
  jobId: number;
  originalJobId: number | null;
  dictatorName: string;
  patientName: string | null;
  patientMRN: string;
  dateOfService: string | null;
  workType: string;
  department: string;
  location: string;
  jobNote: string;
  stageName: string;
  stageId: number;
  clinic: string;
  clientFacilityId: number;
  jobLocation: string;
  flags: JobListRow['flags'];
  /** COMPACT_ROW_BITS, and the viewed marks (COMPACT_VIEWED_BITS) shifted past them. */
  readonly #bits: number;
  /** UTC milliseconds, and the facility's offset from UTC then in minutes. */
  readonly #dictatedUtc: number | null;
  readonly #dictatedOffset: number;
  readonly #signedUtc: number | null;
  readonly #signedOffset: number;
  readonly #formats: RowFormats;

  constructor(h: CompactJobListHeader, r: CompactJobListRow, formats: RowFormats) {
    // Read by position (no destructuring copies): 100,000 rows decode in a few short tasks.
    const jobId = r[0];
    const dictatorId = r[2];
    const patientId = r[3];
    const workTypeId = r[9];
    const departmentId = r[10];
    const locationId = r[11];
    const stageId = r[13];
    const clientFacilityId = r[14];
    const bits = r[15];
    const flags = h.flags[jobId];
    const viewed = h.viewed[jobId] ?? 0;
    const patient = patientId === null ? undefined : h.patients[patientId];
    const location = locationId === null ? undefined : h.locations[locationId];
    const jobNote = r[12] ?? '';
    this.jobId = jobId;
    this.originalJobId = r[1];
    this.dictatorName = (dictatorId !== null && h.dictators[dictatorId]) || '';
    this.patientName = patient ? patient[0] : null;
    this.patientMRN = patient ? patient[1] : '';
    this.dateOfService = r[8] === null ? null : formats.sameDate(r[8]);
    this.workType = (workTypeId !== null && h.workTypes[workTypeId]) || '';
    this.department = (departmentId !== null && h.departments[departmentId]) || '';
    this.location = location ? location[0] : '';
    this.jobNote = jobNote;
    this.stageName = stageName(stageId) ?? '';
    this.stageId = stageId;
    this.clinic = h.facilities[clientFacilityId] ?? '';
    this.clientFacilityId = clientFacilityId;
    this.jobLocation = location ? location[1] : '';
    this.flags = flags ? flags.map(([code, description]) => ({ code, description })) : NO_FLAGS;
    this.#bits = bits | (viewed << VIEWED_SHIFT);
    this.#dictatedUtc = r[4];
    this.#dictatedOffset = r[5] ?? 0;
    this.#signedUtc = r[6];
    this.#signedOffset = r[7] ?? 0;
    this.#formats = formats;
  }

  get stat(): boolean {
    return (this.#bits & BIT.stat) !== 0;
  }

  get statBool(): boolean {
    return this.stat;
  }

  get jobNoteBool(): boolean {
    return this.jobNote !== '';
  }

  get pdfViewed(): boolean {
    return (this.#bits & (VIEWED.pdf << VIEWED_SHIFT)) !== 0;
  }

  get rtfViewed(): boolean {
    return (this.#bits & (VIEWED.rtf << VIEWED_SHIFT)) !== 0;
  }

  get edited(): boolean {
    return (this.#bits & BIT.edited) !== 0;
  }

  get signed(): boolean {
    return (this.#bits & BIT.signed) !== 0;
  }

  get faxed(): boolean {
    return (this.#bits & BIT.faxed) !== 0;
  }

  get filterJobId(): string {
    return String(this.jobId);
  }

  get dictatedDate(): string | null {
    return this.#dictatedUtc === null ? null : isoString(this.#dictatedUtc);
  }

  get signedDate(): string | null {
    return this.#signedUtc === null ? null : isoString(this.#signedUtc);
  }

  get formattedDictatedDate(): string {
    const utc = this.#dictatedUtc;
    return utc === null ? '' : this.#formats.dateTime(utc + this.#dictatedOffset * MINUTE_MS);
  }

  get formattedSignedDate(): string {
    const utc = this.#signedUtc;
    return utc === null ? '' : this.#formats.dateTime(utc + this.#signedOffset * MINUTE_MS);
  }

  get formattedDateOfService(): string {
    return this.dateOfService === null ? '' : this.#formats.dateOfService(this.dateOfService);
  }

  /** The UTC milliseconds of the dictated or signed time (what the list sorts by), or null. */
  utcOf(field: 'dictatedDate' | 'signedDate'): number | null {
    return field === 'dictatedDate' ? this.#dictatedUtc : this.#signedUtc;
  }

  toJSON(): JobListRow {
    return {
      ...this,
      stat: this.stat,
      statBool: this.statBool,
      jobNoteBool: this.jobNoteBool,
      pdfViewed: this.pdfViewed,
      rtfViewed: this.rtfViewed,
      edited: this.edited,
      signed: this.signed,
      faxed: this.faxed,
      filterJobId: this.filterJobId,
      dictatedDate: this.dictatedDate,
      signedDate: this.signedDate,
      formattedDictatedDate: this.formattedDictatedDate,
      formattedSignedDate: this.formattedSignedDate,
      formattedDateOfService: this.formattedDateOfService,
    };
  }
}

/**
 * Turns a compact batch (see JOB_LIST_FORMATS) back into the rows the `rows` format answers,
 * field for field: names from the header's dictionaries, ISO times from the UTC milliseconds,
 * formatted dates from the facility's wall clock (UTC plus its offset then) with the user's
 * formats (see {@link DecodedJobListRow}). Pauses (yields) every {@link ROWS_PER_STEP} rows so a
 * browser can decode 100,000 rows in short tasks.
 */
export function* decodeCompactJobListSteps(items: readonly unknown[]): Generator<void, JobListRow[], void> {
  if (items.length === 0) return [];
  const h = items[0] as CompactJobListHeader;
  const formats = rowFormats(h);
  const out = new Array<JobListRow>(items.length - 1);
  for (let i = 1; i < items.length; i++) {
    out[i - 1] = new DecodedJobListRow(h, items[i] as CompactJobListRow, formats);
    if (i % ROWS_PER_STEP === 0) yield;
  }
  return out;
}

/** {@link decodeCompactJobListSteps} in one go. */
export function decodeCompactJobList(items: readonly unknown[]): JobListRow[] {
  return runSteps(decodeCompactJobListSteps(items));
}
