/**
 * Dates and times of an uploaded schedule (spec 02 §4 "date format selector"): the formats the
 * server parses, and a strict parser — a value must match its format exactly and name a real
 * day (02/30/2020 is refused). Tokens: yyyy, MM/M month, dd/d day, HH 24-hour, hh 12-hour with
 * `a` (AM/PM), mm minutes, ss seconds; anything else is literal.
 */
export const SCHEDULE_DATE_FORMATS = [
  'MM/dd/yyyy',
  'M/d/yyyy',
  'dd/MM/yyyy',
  'yyyy-MM-dd',
  'yyyyMMdd',
  'MM/dd/yyyy HH:mm',
  'MM/dd/yyyy hh:mm a',
  'yyyy-MM-dd HH:mm',
  'yyyyMMddHHmm',
  'yyyy-MM-ddTHH:mm:ss',
] as const;

/** The parts of a parsed date; the time is 00:00:00 for a date-only format. */
export interface ScheduleDateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** The format had a time part (and the value gave one). */
  hasTime: boolean;
}

const TOKEN = /yyyy|MM|M|dd|d|HH|hh|mm|ss|a/g;
const TOKEN_PATTERN: Record<string, string> = {
  yyyy: '(\\d{4})',
  MM: '(\\d{2})',
  M: '(\\d{1,2})',
  dd: '(\\d{2})',
  d: '(\\d{1,2})',
  HH: '(\\d{2})',
  hh: '(\\d{1,2})',
  mm: '(\\d{2})',
  ss: '(\\d{2})',
  a: '([AaPp][Mm])',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function compile(format: string): { re: RegExp; tokens: string[] } {
  const tokens: string[] = [];
  let source = '';
  let last = 0;
  for (const m of format.matchAll(TOKEN)) {
    source += escapeRegExp(format.slice(last, m.index)) + TOKEN_PATTERN[m[0]];
    tokens.push(m[0]);
    last = m.index + m[0].length;
  }
  source += escapeRegExp(format.slice(last));
  return { re: new RegExp(`^${source}$`), tokens };
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** True when the format has a time part. */
export function formatHasTime(format: string): boolean {
  return /HH|hh|mm/.test(format);
}

/** The date part of a date-time format ('MM/dd/yyyy HH:mm' → 'MM/dd/yyyy'); null when none. */
function datePartOf(format: string): string | null {
  if (!formatHasTime(format)) return null;
  const m = /^(.*?)[ T]?(HH|hh)/.exec(format);
  const date = m?.[1]?.replace(/[ T]$/, '');
  return date ? date : null;
}

function parseExact(value: string, format: string): ScheduleDateParts | null {
  const { re, tokens } = compile(format);
  const m = re.exec(value);
  if (!m) return null;
  const parts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, hasTime: formatHasTime(format) };
  let pm: boolean | null = null;
  let twelve = false;
  tokens.forEach((token, i) => {
    const text = m[i + 1]!;
    const n = Number(text);
    if (token === 'yyyy') parts.year = n;
    else if (token === 'MM' || token === 'M') parts.month = n;
    else if (token === 'dd' || token === 'd') parts.day = n;
    else if (token === 'HH') parts.hour = n;
    else if (token === 'hh') {
      parts.hour = n;
      twelve = true;
    } else if (token === 'mm') parts.minute = n;
    else if (token === 'ss') parts.second = n;
    else if (token === 'a') pm = text.toLowerCase() === 'pm';
  });
  if (parts.year < 1 || parts.month < 1 || parts.month > 12) return null;
  if (parts.day < 1 || parts.day > daysIn(parts.year, parts.month)) return null;
  if (twelve) {
    if (parts.hour < 1 || parts.hour > 12 || pm === null) return null;
    parts.hour = (parts.hour % 12) + (pm ? 12 : 0);
  }
  if (parts.hour > 23 || parts.minute > 59 || parts.second > 59) return null;
  return parts;
}

/**
 * Parses `value` (trimmed) by `format`, strictly; null when it does not match or names no real
 * date. A date-time format also takes a value holding only its date part (midnight): a
 * spreadsheet shows a date-time cell at midnight as a bare date.
 */
export function parseScheduleDate(value: string, format: string): ScheduleDateParts | null {
  const text = value.trim();
  if (!text) return null;
  const exact = parseExact(text, format);
  if (exact) return exact;
  const datePart = datePartOf(format);
  const dateOnly = datePart ? parseExact(text, datePart) : null;
  return dateOnly ? { ...dateOnly, hasTime: true } : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'yyyy-MM-dd' of parsed parts. */
export function isoDate(p: ScheduleDateParts): string {
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** 'yyyy-MM-ddTHH:mm:ss' (no zone: the facility's local time) of parsed parts. */
export function isoLocalDateTime(p: ScheduleDateParts): string {
  return `${isoDate(p)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** The first offered format that reads `sample`, to preselect one; null when none does. */
export function guessScheduleDateFormat(sample: string, wantTime: boolean): string | null {
  const fits = SCHEDULE_DATE_FORMATS.filter((f) => parseExact(sample.trim(), f));
  return fits.find((f) => formatHasTime(f) === wantTime) ?? fits[0] ?? null;
}
