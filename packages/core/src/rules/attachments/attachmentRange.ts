import { LIMITS } from '../settings/constants.js';
import { dayNumber, parseCalendarDay } from '../time/calendarDay.js';

/**
 * Spec 02 §5 "Attachment search" and §9: the range of an attachments search is at most 180 days
 * ('Date range cannot exceed 180 days') and To is not before From ('To date must be the same or
 * after from date'); the modal opens on the last 7 days to today. The web checks the days a person
 * picks (`attachmentDaysProblem`); the service checks the instants a call sends
 * (`attachmentRangeProblem`) — the same rule, so a range the modal offers is never refused.
 */

/** Spec 02 §9: the longest range, in days. */
export const ATTACHMENT_MAX_RANGE_DAYS = LIMITS.attachmentMaxRangeDays;
/** Spec 02 §9: the modal's default range ends today and starts this many days before. */
export const ATTACHMENT_DEFAULT_RANGE_DAYS = 7;

/** Why a range cannot be searched: the catalogue key of the message to show. */
export type AttachmentRangeProblem =
  | 'attachments.rangeTooLong'
  | 'attachments.toBeforeFrom'
  | 'attachments.dateRequired';

const DAY_MS = 86_400_000;
/** A range of days starts at the From day's first instant and ends at the To day's last one. */
const WHOLE_DAY_MS = DAY_MS;
/** A local day is 23 or 25 hours long on a daylight-saving change. */
const DST_SLACK_MS = 3_600_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar day of an instant as 'YYYY-MM-DD' (what a date input holds). */
export function localDay(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Spec 02 §9: the modal's first range — From 7 days before today, To today (local days). */
export function defaultAttachmentDays(today: Date): { from: string; to: string } {
  const from = new Date(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() - ATTACHMENT_DEFAULT_RANGE_DAYS,
  );
  return { from: localDay(from), to: localDay(today) };
}

/**
 * Spec 02 §5 on the days picked ('YYYY-MM-DD'): a missing or unreal day, To before From, or more
 * than 180 days from From to To; null when the range can be searched.
 */
export function attachmentDaysProblem(from: string, to: string): AttachmentRangeProblem | null {
  const a = parseCalendarDay(from);
  const b = parseCalendarDay(to);
  if (!a || !b) return 'attachments.dateRequired';
  const days = dayNumber(b) - dayNumber(a);
  if (days < 0) return 'attachments.toBeforeFrom';
  if (days > ATTACHMENT_MAX_RANGE_DAYS) return 'attachments.rangeTooLong';
  return null;
}

/**
 * The search call's query for the days picked (spec 02 §7, ISO ending with Z): after the start of
 * the From day and up to the end of the To day, both in the browser's time zone. Null for a day
 * that is not real.
 */
export function attachmentSearchQuery(
  from: string,
  to: string,
): { AfterDateUtc: string; BeforeInclusiveDateUtc: string } | null {
  const a = parseCalendarDay(from);
  const b = parseCalendarDay(to);
  if (!a || !b) return null;
  const start = new Date(a.year, a.month - 1, a.day);
  const end = new Date(new Date(b.year, b.month - 1, b.day + 1).getTime() - 1);
  // The start itself is excluded by "after": move back 1 ms so the From day's first instant counts.
  return {
    AfterDateUtc: new Date(start.getTime() - 1).toISOString(),
    BeforeInclusiveDateUtc: end.toISOString(),
  };
}

/**
 * Spec 02 §5 on the instants of a search call (the service): To before From — an empty range
 * (After, BeforeInclusive], which is what To the day before From sends — or longer than 180 days
 * from the From day to the To day: as instants, BeforeInclusive at most 181 days (the 180 days and
 * the whole To day) and one hour (a daylight-saving change) after After.
 */
export function attachmentRangeProblem(after: Date, beforeInclusive: Date): AttachmentRangeProblem | null {
  const span = beforeInclusive.getTime() - after.getTime();
  if (span <= 0) return 'attachments.toBeforeFrom';
  if (span > ATTACHMENT_MAX_RANGE_DAYS * DAY_MS + WHOLE_DAY_MS + DST_SLACK_MS)
    return 'attachments.rangeTooLong';
  return null;
}
