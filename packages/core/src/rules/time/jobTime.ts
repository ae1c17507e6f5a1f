import { compileDateFormatter } from './dateFormat.js';

/**
 * The one rule for a job's dates and times (issue 18 point 2): an instant is shown as the wall
 * clock of the job's client facility's IANA time zone (`client_facilities.time_zone`), in the
 * user's date and time formats, never in the zone of the machine or browser that prints it. The
 * text is {@link compileDateFormatter}'s, which is also what the list prints (its SQL through
 * `toPgDatePattern` at the facility's zone, its binary rows from the facility's offset), so the
 * list, the job page, the documents and the export read the same. Intl supplies the zone's
 * offset and abbreviation; it works alike in Node and browsers.
 */
export interface DateTimeFormats {
  dateFormat: string;
  timeFormat: string;
}

/** The formats documents print (the users' default formats, spec 01 §3). */
export const DOCUMENT_DATE_FORMATS: DateTimeFormats = { dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm' };

const DAY_MS = 86_400_000;

/** Where a zone is unknown to the runtime its times are shown, labelled, in UTC: still true times. */
const FALLBACK_ZONE = 'UTC';

export type Instant = string | number | Date | null | undefined;

const wallFormats = new Map<string, Intl.DateTimeFormat>();
const nameFormats = new Map<string, Intl.DateTimeFormat>();
const printers = new Map<string, (wallClockMs: number) => string>();

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** `timeZone` when the runtime knows it, else UTC. */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return FALLBACK_ZONE;
  try {
    wallFormat(timeZone);
    return timeZone;
  } catch {
    return FALLBACK_ZONE;
  }
}

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  return cached(
    wallFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  );
}

function toMs(value: Instant): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The wall clock of the instant `utcMs` in `timeZone`, as milliseconds since 1970-01-01 00:00 of
 * that clock (what {@link compileDateFormatter} prints).
 */
export function wallClockMs(utcMs: number, timeZone: string): number {
  return utcMs + offsetMs(utcMs, knownTimeZone(timeZone));
}

/** The zone's offset from UTC at the instant `at` (whole seconds), as Intl reads it. */
function intlOffsetMs(at: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const p of wallFormat(zone).formatToParts(at)) parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - at;
}

/** Zone and UTC day → its offset when the same all day, else null (the clocks change that day). */
const dayOffsets = new Map<string, number | null>();
/** Kept entries before a cache starts over (a century of days is 36,500). */
const MAX_KEPT = 100_000;

/**
 * The zone's offset from UTC at the instant, in ms (wall clock minus UTC). Intl is asked twice per
 * zone and UTC day (its first and last second) — an export of 100,000 rows asks a few hundred
 * times — and on a day the offset changes, at the instant itself.
 */
function offsetMs(utcMs: number, zone: string): number {
  const day = Math.floor(utcMs / DAY_MS);
  const key = `${zone} ${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const first = intlOffsetMs(day * DAY_MS, zone);
    offset = intlOffsetMs(day * DAY_MS + DAY_MS - 1000, zone) === first ? first : null;
    if (dayOffsets.size >= MAX_KEPT) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset ?? intlOffsetMs(Math.floor(utcMs / 1000) * 1000, zone);
}

/** The zone's short name at that instant, as a reader knows it: "EDT", "CST", "UTC", "GMT+1". */
export function zoneAbbreviation(utcMs: number, timeZone: string): string {
  const zone = knownTimeZone(timeZone);
  const format = cached(
    nameFormats,
    zone,
    () => new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }),
  );
  return format.formatToParts(utcMs).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

const changeDays = new Map<string, boolean>();

/**
 * True when the facility's offset from UTC is not the same all through the calendar day (its wall
 * clock's) of the instant: a day the clocks change, with its repeated or skipped hour (issue 39
 * row 7: "11/01/2026 01:04" and "01:43" could each be either of two instants). Where it is, a time
 * shown without its zone could be read as the other instant, so it carries its abbreviation.
 * Kept per zone and day (a list asks for the same days again and again).
 */
export function isClockChangeDay(utcMs: number, timeZone: string): boolean {
  const zone = knownTimeZone(timeZone);
  const offset = offsetMs(utcMs, zone);
  const day = Math.floor((utcMs + offset) / DAY_MS);
  const key = `${zone} ${day}`;
  let changes = changeDays.get(key);
  if (changes === undefined) {
    // The instants that start and end the wall-clock day, by the offset at this instant; a change
    // anywhere in the day makes the offset at one of them (or the day's own) differ.
    const start = day * DAY_MS - offset;
    const end = start + DAY_MS - 1;
    changes = offsetMs(start, zone) !== offset || offsetMs(end, zone) !== offset;
    if (changeDays.size >= MAX_KEPT) changeDays.clear();
    changeDays.set(key, changes);
  }
  return changes;
}

function printer(format: string): (wallClockMs: number) => string {
  return cached(printers, format, () => compileDateFormatter(format));
}

/**
 * A job's date and time (dictated, signed, created, a note's or an error's) in its facility's
 * zone, in `formats`, followed by the zone's abbreviation when `zoneLabel` (where a reader could
 * take it for another zone's: the job page, documents), or — `zoneLabel: 'clockChange'`, where
 * the zone is known from the place (the list, its export) — only on a day the clocks change
 * ({@link isClockChangeDay}), where the wall clock alone is ambiguous. Empty for a missing or
 * invalid instant.
 */
export function formatJobDateTime(
  value: Instant,
  timeZone: string,
  formats: DateTimeFormats,
  options: { zoneLabel?: boolean | 'clockChange' } = {},
): string {
  const ms = toMs(value);
  if (ms === null) return '';
  const text = printer(`${formats.dateFormat} ${formats.timeFormat}`)(wallClockMs(ms, timeZone));
  return withZoneLabel(text, ms, timeZone, options.zoneLabel ?? false);
}

/**
 * An instant in `format` (a date or time format, or both) on the wall clock of `timeZone`: what
 * {@link formatJobDateTime} prints, for a clock other than a job's (`userTime.ts`, the reader's
 * own). Empty for a missing or invalid instant.
 */
export function formatInstant(value: Instant, timeZone: string, format: string): string {
  const ms = toMs(value);
  return ms === null ? '' : printer(format)(wallClockMs(ms, timeZone));
}

/**
 * `text`, a time already printed from the instant `utcMs`'s wall clock in `timeZone`, followed by
 * the zone's abbreviation as {@link formatJobDateTime}'s `zoneLabel` says (the list's rows print
 * their own text from their offset, then ask this).
 */
export function withZoneLabel(
  text: string,
  utcMs: number,
  timeZone: string,
  zoneLabel: boolean | 'clockChange',
): string {
  if (zoneLabel === false || (zoneLabel === 'clockChange' && !isClockChangeDay(utcMs, timeZone))) return text;
  return `${text} ${zoneAbbreviation(utcMs, timeZone)}`;
}

/**
 * A date with no time (a date of service, a birth date: `YYYY-MM-DD…`) in the user's date format.
 * It names a calendar day, not an instant, so no zone moves it. Empty for a missing or unreadable
 * value.
 */
export function formatJobDate(
  isoDate: string | null | undefined,
  formats: Pick<DateTimeFormats, 'dateFormat'>,
) {
  const m = isoDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate) : null;
  if (!m) return '';
  return printer(formats.dateFormat)(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * A job's date and time written as its facility's wall clock, with no zone (an ADT xsdateTime
 * value, 'YYYY-MM-DDThh:mm:ss', see `adtDateTime`), in the user's formats. It already reads the
 * facility's clock, so no zone moves it. Empty for a missing value or one that is not such a wall
 * clock (an instant with an offset or Z is not: its clock is unknown here).
 */
export function formatJobWallClock(text: string | null | undefined, formats: DateTimeFormats): string {
  const m = text ? WALL_CLOCK.exec(text.trim()) : null;
  if (!m) return '';
  const [, y, mo, d, h, mi, s = '00'] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Date.UTC rolls an unreal day or time (02-30, 25:00) over: such text is not a wall clock.
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 19) !== `${y}-${mo}-${d}T${h}:${mi}:${s}`)
    return '';
  return printer(`${formats.dateFormat} ${formats.timeFormat}`)(ms);
}
