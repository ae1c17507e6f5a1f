import { knownTimeZone, wallClockMs } from './jobTime.js';

/**
 * Calendar days as a person picks them ('YYYY-MM-DD', what a date input holds) and where such a
 * day begins in a time zone. Day arithmetic is free of zones; only {@link startOfDayIn} and
 * {@link calendarDayIn} place a day on the clock of an IANA zone (Intl, as jobTime.ts does).
 */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The parts of a 'YYYY-MM-DD' that names a real day (years 1900–9999), else null. */
export function parseCalendarDay(text: string): CalendarDay | null {
  const m = DAY.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900) return null;
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day)
    return null;
  return { year, month, day };
}

/** Days since 1970-01-01 of a day: calendar arithmetic, free of time zones. */
export function dayNumber(p: CalendarDay): number {
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
}

/** Day number `day` ({@link dayNumber}) as 'YYYY-MM-DD'. */
export function dayText(day: number): string {
  const d = new Date(day * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The calendar day an instant falls on in `timeZone` (an unknown zone: UTC), as 'YYYY-MM-DD'. */
export function calendarDayIn(utcMs: number, timeZone: string): string {
  return dayText(Math.floor(wallClockMs(utcMs, knownTimeZone(timeZone)) / DAY_MS));
}

/**
 * The first instant (UTC milliseconds) of day number `day` ({@link dayNumber}) in `timeZone` (an
 * unknown zone: UTC): its midnight, whatever the zone's offset on either side of it. Where a
 * daylight-saving change skips midnight (Santiago, Havana), the day begins when the clock jumps.
 */
export function startOfDayIn(day: number, timeZone: string): number {
  const zone = knownTimeZone(timeZone);
  const wall = day * DAY_MS;
  const offsetAt = (utcMs: number) => wallClockMs(utcMs, zone) - utcMs;
  // The offsets in force around that midnight: the one before and the one after a change.
  const candidates = new Set([wall - offsetAt(wall - DAY_MS), wall - offsetAt(wall + DAY_MS)]);
  let first = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const local = wallClockMs(c, zone);
    if (local === wall) return c;
    // Midnight skipped: the old offset's midnight is the jump, and the new clock reads past 00:00.
    if (local > wall && local < wall + DAY_MS) first = Math.min(first, c);
  }
  return Number.isFinite(first) ? first : wall;
}
