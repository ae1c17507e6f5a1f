import { type DateTimeFormats, formatInstant, type Instant } from './jobTime.js';

/**
 * The reader's own clock (issue 42): a moment of the person reading — when they saved a draft,
 * uploaded a file, signed in, or when a link they were handed expires — is shown on the wall clock
 * of the zone of the browser (or machine) that prints it, in the user's formats. Only such moments:
 * a job's dates and times are its facility's (`jobTime.ts`). The printing is `jobTime`'s, so the
 * two clocks differ only in their zone.
 */

/** The IANA zone of the runtime that prints (the browser's, for the web app). */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** An instant's date and time on the reader's clock, in `formats`; empty for a missing or invalid one. */
export function formatUserDateTime(
  value: Instant,
  formats: DateTimeFormats,
  timeZone = userTimeZone(),
): string {
  return formatInstant(value, timeZone, `${formats.dateFormat} ${formats.timeFormat}`);
}

/** An instant's calendar day on the reader's clock, in the user's date format; empty for a missing or invalid one. */
export function formatUserDate(
  value: Instant,
  formats: Pick<DateTimeFormats, 'dateFormat'>,
  timeZone = userTimeZone(),
): string {
  return formatInstant(value, timeZone, formats.dateFormat);
}
