import {
  ADT_DISPLAY_TYPES,
  ADT_LIMITS,
  type AdtDisplayType,
  type Hl7Identifier,
  type Hl7IdentifierBase,
} from '../../contract/adt/adt.js';
import { ADT_DATA_TYPES } from '../../contract/schedule.js';
import type { MessageKey } from '../../i18n/format.js';
import { wallClockMs } from '../time/jobTime.js';

/**
 * Reading and ordering ADT values (spec 02 §3 "ADT data item", enumerations; §5 SSN pattern and
 * numeric limit). Server (getadtdata, saves) and web (the Patient & Visit panel) apply the same
 * rules, so a value the panel accepts is one the server stores.
 */

/** What a value reads as: its parsed value, or the catalogue key of why it cannot be read. */
export type AdtReading =
  | { ok: true; value: string | null; parsedValue: string | boolean | null }
  | { ok: false; error: MessageKey };

/** The display type of an ADT data type (an unknown type shows as a string). */
export function adtDisplayType(dataType: number): AdtDisplayType {
  return ADT_DISPLAY_TYPES[dataType] ?? 'string';
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const SSN = /^\d{3}-\d{2}-\d{4}$/;
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isCalendarDay(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : (MONTH_DAYS[m - 1] as number));
}

const isClock = (h: number, mi: number, s: number) => h <= 23 && mi <= 59 && s <= 59;

/**
 * The canonical text of a decimal of at most 32 digits (no sign for zero, no leading or trailing
 * zeros), or null. Text, not a number: 32 digits do not fit a double.
 */
function readDecimal(text: string): string | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const [, sign, whole = '', fraction = ''] = m;
  if (whole === '' && fraction === '') return null;
  if (whole.length + fraction.length > ADT_LIMITS.maxDecimalDigits) return null;
  const int = whole.replace(/^0+(?=\d)/, '') || '0';
  const frac = fraction.replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return sign === '-' && /[1-9]/.test(body) ? `-${body}` : body;
}

/** Reads the text by the data type; the parsed value is canonical text, or a boolean. */
function parse(dataType: number, text: string): string | boolean | null {
  switch (dataType) {
    case ADT_DATA_TYPES.dateTime: {
      const m = DATE_TIME.exec(text);
      if (!m) return null;
      const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
      return isCalendarDay(y, mo, d) && isClock(h, mi, s) ? text : null;
    }
    case ADT_DATA_TYPES.date: {
      const m = DATE.exec(text);
      if (!m) return null;
      const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
      return isCalendarDay(y, mo, d) ? text : null;
    }
    case ADT_DATA_TYPES.decimal:
      return readDecimal(text);
    case ADT_DATA_TYPES.ssn:
      return SSN.test(text) ? text : null;
    case ADT_DATA_TYPES.time: {
      const m = TIME.exec(text);
      if (!m) return null;
      const [h, mi, s = 0] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
      return isClock(h, mi, s) ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : null;
    }
    case ADT_DATA_TYPES.boolean: {
      const lower = text.toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : null;
    }
    default:
      return text;
  }
}

const ERRORS: Record<number, MessageKey> = {
  [ADT_DATA_TYPES.dateTime]: 'adt.badDateTime',
  [ADT_DATA_TYPES.date]: 'adt.badDate',
  [ADT_DATA_TYPES.decimal]: 'adt.badDecimal',
  [ADT_DATA_TYPES.ssn]: 'adt.badSsn',
  [ADT_DATA_TYPES.time]: 'adt.badTime',
  [ADT_DATA_TYPES.boolean]: 'adt.badBoolean',
};

/**
 * Reads an ADT value by its data type: xsdateTime 'YYYY-MM-DDThh:mm:ss', xsdate 'YYYY-MM-DD',
 * xsdecimal up to 32 digits, tnsssn '###-##-####', xstime 'hh:mm[:ss]' (parsed with seconds),
 * xsboolean true/false, xsstring anything. Blank text is an empty value (null), never an error:
 * whether a field may be empty is the mandatory rule's business. Surrounding spaces are dropped.
 */
export function readAdtValue(dataType: number, raw: string | null | undefined): AdtReading {
  const text = raw?.trim() ?? '';
  if (text === '') return { ok: true, value: null, parsedValue: null };
  const parsedValue = parse(dataType, text);
  if (parsedValue === null) return { ok: false, error: ERRORS[dataType] ?? 'adt.notAField' };
  return { ok: true, value: text, parsedValue };
}

/**
 * An instant as an xsdateTime ADT value on the facility's wall clock ('YYYY-MM-DDThh:mm:ss'), as
 * every date and time of a job reads (docs/decisions.md "A job's dates and times").
 */
export function adtDateTime(utcMs: number, timeZone: string): string {
  return new Date(Math.floor(wallClockMs(utcMs, timeZone) / 1000) * 1000).toISOString().slice(0, 19);
}

/** What the ordering of ADT items looks at. */
export interface OrderedAdtItem {
  mandatory: boolean;
  ordinal: number;
  displayName: string;
}

const rank = (ordinal: number) => (ordinal === 0 ? Number.POSITIVE_INFINITY : ordinal);

/** Spec 02 §2: mandatory first, then additional; each by ordinal with ordinal 0 last, then name. */
export function compareAdtItems(a: OrderedAdtItem, b: OrderedAdtItem): number {
  if (a.mandatory !== b.mandatory) return a.mandatory ? -1 : 1;
  const byOrdinal = rank(a.ordinal) - rank(b.ordinal);
  if (byOrdinal !== 0 && !Number.isNaN(byOrdinal)) return byOrdinal;
  const x = a.displayName.toLowerCase();
  const y = b.displayName.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.displayName < b.displayName ? -1 : a.displayName > b.displayName ? 1 : 0;
}

/** The items in the order of {@link compareAdtItems} (a sorted copy). */
export function sortAdtItems<T extends OrderedAdtItem>(items: readonly T[]): T[] {
  return [...items].sort(compareAdtItems);
}

/** The key of an ADT value, "SEG.field.component" (how jobs.adt and the records' adt store it). */
export function adtKey(id: Hl7Identifier): string {
  return `${id.segment}.${id.field}.${id.component}`;
}

/** The key of a physician-type item, "SEG.field" (how jobs.adt_physicians stores it). */
export function physicianKey(id: Hl7IdentifierBase): string {
  return `${id.segment}.${id.field}`;
}

/** The identifier of a "SEG.field.component" key, or null when the key is not one. */
export function parseAdtKey(key: string): Hl7Identifier | null {
  const m = /^([A-Z][A-Z0-9]{2})\.([1-9]\d{0,2})\.([1-9]\d?)$/.exec(key);
  return m ? { segment: m[1] as string, field: Number(m[2]), component: Number(m[3]) } : null;
}

/** What the Search & Accept ADT modal has chosen (spec 02 §2, §4). */
export interface AdtSelection {
  patientId: number | null;
  visitId: number | null;
  orderIds: readonly number[];
}

/** Accept needs a patient; orders come with their visit. */
export function canAcceptAdt(selection: AdtSelection): boolean {
  if (selection.patientId === null) return false;
  return selection.orderIds.length === 0 || selection.visitId !== null;
}

/**
 * The parts of the Accept button's label (spec 02 §2): 'Accept Patient Only', or 'Accept Patient'
 * followed by '& Visit' or ', Visit & Order(s)'.
 */
export function acceptLabelKeys(selection: AdtSelection): MessageKey[] {
  if (selection.visitId === null) return ['adt.acceptPatientOnly'];
  return ['adt.acceptPatient', selection.orderIds.length ? 'adt.acceptVisitAndOrders' : 'adt.acceptAndVisit'];
}

/** The Accept button's label in the given catalogue ("Accept Patient, Visit & Order(s)"). */
export function acceptButtonLabel(selection: AdtSelection, t: (key: MessageKey) => string): string {
  return acceptLabelKeys(selection)
    .map(t)
    .reduce((text, part) => (text && !part.startsWith(',') ? `${text} ${part}` : text + part), '');
}
