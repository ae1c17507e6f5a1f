import { type CalendarDay, dayNumber, dayText, parseCalendarDay, startOfDayIn } from '../time/calendarDay.js';

/**
 * The turnaround report (issue 27, docs/decisions.md "Turnaround time (issue 27)"): an Excel file
 * of one client facility's turnaround per work type and transcriptionist, over the jobs dictated
 * on the days From to To of the facility's clock. The form and the server check a range with the
 * same rule, so a range the form sends is never refused.
 */

/**
 * Who may download it: the spec's User Add flag (spec 01 §6), the one that administers staff —
 * the report rates named transcriptionists. The demo transcriptionist holds User Search
 * (dictatorView, for the reference data), so that flag would show every colleague's figures.
 */
export const TAT_REPORT_PERMISSION = 'dictatorAdd';

/** The longest range, in days (From and To included): a year, a leap year's too. */
export const TAT_REPORT_MAX_DAYS = 366;

/** The form's first range: the last 7 days up to today. */
export const TAT_REPORT_DEFAULT_DAYS = 7;

/** Why a range cannot be reported: the catalogue key of the message (`{{max}}`: the longest range). */
export type TatRangeProblem =
  | 'transcribe.productivity.report.dateRequired'
  | 'transcribe.productivity.report.toBeforeFrom'
  | 'transcribe.productivity.report.rangeTooLong';

/** True when the account may download the report. */
export function canExportTatReport(permissions: ReadonlySet<string>): boolean {
  return permissions.has(TAT_REPORT_PERMISSION);
}

/**
 * A range of days ('YYYY-MM-DD') that cannot be reported: a missing or unreal day, To before From,
 * or more than {@link TAT_REPORT_MAX_DAYS} days; null when it can.
 */
export function tatRangeProblem(from: string, to: string): TatRangeProblem | null {
  const a = parseCalendarDay(from);
  const b = parseCalendarDay(to);
  if (!a || !b) return 'transcribe.productivity.report.dateRequired';
  const days = dayNumber(b) - dayNumber(a) + 1;
  if (days < 1) return 'transcribe.productivity.report.toBeforeFrom';
  if (days > TAT_REPORT_MAX_DAYS) return 'transcribe.productivity.report.rangeTooLong';
  return null;
}

/** The values a range problem's message names. */
export const TAT_RANGE_VALUES = { max: TAT_REPORT_MAX_DAYS } as const;

/**
 * The instants a range covers in the facility's zone: from the first instant of From up to, not
 * including, the first instant of the day after To (a day of 23 or 25 hours counts whole).
 */
export function tatRangeInstants(
  from: CalendarDay,
  to: CalendarDay,
  timeZone: string,
): { startMs: number; endMs: number } {
  return {
    startMs: startOfDayIn(dayNumber(from), timeZone),
    endMs: startOfDayIn(dayNumber(to) + 1, timeZone),
  };
}

/** The form's first range: {@link TAT_REPORT_DEFAULT_DAYS} days ending on `today` ('YYYY-MM-DD'). */
export function defaultTatRange(today: string): { from: string; to: string } {
  const day = parseCalendarDay(today);
  if (!day) return { from: today, to: today };
  return { from: dayText(dayNumber(day) - TAT_REPORT_DEFAULT_DAYS + 1), to: today };
}

/**
 * A duration in the report: hours with one decimal, as a number a spreadsheet can sum, average and
 * chart (1 h 45 min is 1.8). Null stays null (an empty cell).
 */
export function reportHours(seconds: number | null): number | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  return Math.round(seconds / 360) / 10;
}

/** The report's columns, in order; each is also its heading's key under `transcribe.productivity.report.columns`. */
export const TAT_REPORT_COLUMNS = [
  'workType',
  'transcriptionist',
  'jobs',
  'withText',
  'averageToFirstText',
  'medianToFirstText',
  'finished',
  'averageToFinished',
  'statJobs',
  'statPastTarget',
] as const;

export type TatReportColumn = (typeof TAT_REPORT_COLUMNS)[number];
