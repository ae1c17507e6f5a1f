import { calendarDayIn, dayNumber, parseCalendarDay, startOfDayIn } from '../time/calendarDay.js';
import { knownTimeZone } from '../time/jobTime.js';
import { CHARACTERS_PER_LINE } from './turnaround.js';

/**
 * A transcriptionist's own figures (issue 27, docs/decisions.md "Turnaround time (issue 27)"),
 * for the account the session works as, over "today": the calendar day in the time zone of the
 * person's own computer (the page sends it), since the day is the reader's, not a facility's.
 *
 * - Jobs done: the jobs whose first text this account's save stored today.
 * - Lines typed: the characters this account's saves added today, on any job (corrections of
 *   another's text too), in lines of {@link CHARACTERS_PER_LINE}.
 * - Lines per hour: on the jobs done today only — Quill knows when their transcription started —
 *   the characters this account typed into them today, in lines, over the time they were being
 *   transcribed: each from its transcription start (not before today began) to this account's last
 *   save of it today, two jobs open at once counted once. None under a minute of such time.
 * - Average turnaround: dictation to first text of the jobs done today, and of those of the last
 *   7 days (today and the 6 days before).
 */

/**
 * The menu offers My productivity to accounts that may type a job's text (spec 01 §3 jobEditText);
 * the page answers any account its own figures.
 */
export const PRODUCTIVITY_MENU_PERMISSION = 'jobEditText';

/** What the page says nothing about until it has this much typing time. */
export const MIN_TYPING_MS = 60_000;
/** The last days the week's average covers, today included. */
export const PRODUCTIVITY_WEEK_DAYS = 7;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** One job the account transcribed (its save stored the first text), from the last 7 days. */
export interface TranscribedJob {
  /** When it was dictated; null when unknown. */
  dictatedMs: number | null;
  /** When its transcription started (it left Dictated); null when never stamped. */
  startedMs: number | null;
  /** When the account's save stored its first text. */
  firstTextMs: number;
  /** Characters the account's saves of it added today. */
  typedTodayChars: number;
  /** The account's last save of it today; null when none today. */
  lastSaveTodayMs: number | null;
}

/** What the figures are made from. */
export interface ProductivityInput {
  /** The first instant of today, and of the first of the last 7 days. */
  dayStartMs: number;
  weekStartMs: number;
  /** Characters the account's saves added today, every job. */
  typedTodayChars: number;
  /** The jobs the account transcribed whose first text is from `weekStartMs` on. */
  jobs: readonly TranscribedJob[];
}

/** The page's figures. */
export interface ProductivityFigures {
  jobsDone: number;
  /** Lines typed today, one decimal. */
  linesTyped: number;
  /** Lines per hour on today's jobs, one decimal; null under {@link MIN_TYPING_MS} of typing time. */
  linesPerHour: number | null;
  /** The lines typed into today's jobs that lines per hour counts, one decimal. */
  timedLines: number;
  /** The typing time lines per hour is measured over, whole minutes. */
  typingMinutes: number;
  /** Dictation to first text of today's jobs, whole minutes; null without such a job. */
  averageTatMinutes: number | null;
  week: { jobsDone: number; averageTatMinutes: number | null };
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Lines of {@link CHARACTERS_PER_LINE} characters, one decimal. */
export function linesOf(characters: number): number {
  return oneDecimal(characters / CHARACTERS_PER_LINE);
}

/** The time a set of spans covers, in milliseconds, overlapping parts counted once. */
export function coveredMs(spans: readonly { startMs: number; endMs: number }[]): number {
  const sorted = spans.filter((s) => s.endMs > s.startMs).sort((a, b) => a.startMs - b.startMs);
  let total = 0;
  let start = Number.NEGATIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const s of sorted) {
    if (s.startMs > end) {
      if (end > start) total += end - start;
      start = s.startMs;
      end = s.endMs;
    } else end = Math.max(end, s.endMs);
  }
  if (end > start) total += end - start;
  return total;
}

/** Whole minutes of the average dictation-to-first-text time of the jobs; null without one. */
export function averageTatMinutes(jobs: readonly TranscribedJob[]): number | null {
  const times = jobs.flatMap((j) => (j.dictatedMs === null ? [] : [j.firstTextMs - j.dictatedMs]));
  if (times.length === 0) return null;
  return Math.round(times.reduce((a, b) => a + b, 0) / times.length / MINUTE_MS);
}

/** The page's figures from the account's saves and transcribed jobs (see the module's rules). */
export function productivityFigures(input: ProductivityInput): ProductivityFigures {
  const week = input.jobs.filter((j) => j.firstTextMs >= input.weekStartMs);
  const today = week.filter((j) => j.firstTextMs >= input.dayStartMs);
  const timed = today.flatMap((j) =>
    j.startedMs === null || j.lastSaveTodayMs === null
      ? []
      : [
          {
            startMs: Math.max(j.startedMs, input.dayStartMs),
            endMs: j.lastSaveTodayMs,
            chars: j.typedTodayChars,
          },
        ],
  );
  const typingMs = coveredMs(timed);
  const timedChars = timed.reduce((sum, s) => sum + s.chars, 0);
  return {
    jobsDone: today.length,
    linesTyped: linesOf(input.typedTodayChars),
    linesPerHour:
      typingMs < MIN_TYPING_MS ? null : oneDecimal(timedChars / CHARACTERS_PER_LINE / (typingMs / HOUR_MS)),
    timedLines: linesOf(timedChars),
    typingMinutes: Math.floor(typingMs / MINUTE_MS),
    averageTatMinutes: averageTatMinutes(today),
    week: { jobsDone: week.length, averageTatMinutes: averageTatMinutes(week) },
  };
}

/**
 * Today in `timeZone` (an unknown zone: UTC) at `nowMs`: the day ('YYYY-MM-DD'), its first
 * instant, and the first instant of the first of the last {@link PRODUCTIVITY_WEEK_DAYS} days.
 */
export function productivityWindow(
  nowMs: number,
  timeZone: string,
): { day: string; timeZone: string; dayStartMs: number; weekStartMs: number } {
  const zone = knownTimeZone(timeZone);
  const day = calendarDayIn(nowMs, zone);
  const n = dayNumber(parseCalendarDay(day)!);
  return {
    day,
    timeZone: zone,
    dayStartMs: startOfDayIn(n, zone),
    weekStartMs: startOfDayIn(n - PRODUCTIVITY_WEEK_DAYS + 1, zone),
  };
}
