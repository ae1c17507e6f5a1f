import { describe, expect, it } from 'vitest';
import {
  averageTatMinutes,
  coveredMs,
  linesOf,
  productivityFigures,
  productivityWindow,
  type TranscribedJob,
} from './productivity.js';
import { CHARACTERS_PER_LINE } from './turnaround.js';

const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);
const DAY_START = at('2026-11-27T06:00:00Z');
const WEEK_START = at('2026-11-21T06:00:00Z');

/** A job the account transcribed; what is not given is unknown (null) or nothing typed today. */
function job(p: Partial<TranscribedJob> & { firstTextMs: number }): TranscribedJob {
  return { dictatedMs: null, startedMs: null, typedTodayChars: 0, lastSaveTodayMs: null, ...p };
}

describe('productivity figures (issue 27)', () => {
  it('counts a line as 65 characters', () => {
    expect(CHARACTERS_PER_LINE).toBe(65);
    expect(linesOf(650)).toBe(10);
    expect(linesOf(100)).toBe(1.5);
    expect(linesOf(0)).toBe(0);
  });

  it('counts time spent on two jobs at once only once', () => {
    expect(coveredMs([])).toBe(0);
    expect(
      coveredMs([
        { startMs: 0, endMs: 10 },
        { startMs: 5, endMs: 20 },
        { startMs: 30, endMs: 40 },
        { startMs: 32, endMs: 35 },
        { startMs: 50, endMs: 50 },
      ]),
    ).toBe(30);
  });

  it('averages dictation to first text in whole minutes, leaving out jobs without a dictation time', () => {
    expect(averageTatMinutes([])).toBeNull();
    expect(
      averageTatMinutes([
        job({ dictatedMs: 0, firstTextMs: 30 * MIN }),
        job({ dictatedMs: 0, firstTextMs: 61 * MIN }),
        job({ dictatedMs: null, firstTextMs: 999 * MIN }),
      ]),
    ).toBe(46);
  });

  it('measures lines per hour on today’s jobs from their start to the last save today', () => {
    const figures = productivityFigures({
      dayStartMs: DAY_START,
      weekStartMs: WEEK_START,
      // Today's typing: 1,300 + 650 on today's jobs, 325 correcting someone else's job.
      typedTodayChars: 2275,
      jobs: [
        // 08:00–08:30, saved again at 08:40: 40 minutes, 1,300 characters (20 lines).
        job({
          dictatedMs: at('2026-11-27T12:00:00Z'),
          startedMs: at('2026-11-27T14:00:00Z'),
          firstTextMs: at('2026-11-27T14:30:00Z'),
          lastSaveTodayMs: at('2026-11-27T14:40:00Z'),
          typedTodayChars: 1300,
        }),
        // 08:30–08:50 while the first was still open: only 08:40–08:50 adds time.
        job({
          dictatedMs: at('2026-11-27T13:00:00Z'),
          startedMs: at('2026-11-27T14:30:00Z'),
          firstTextMs: at('2026-11-27T14:50:00Z'),
          lastSaveTodayMs: at('2026-11-27T14:50:00Z'),
          typedTodayChars: 650,
        }),
        // Done today but its start was never stamped: counted as done, not in lines per hour.
        job({ dictatedMs: null, firstTextMs: at('2026-11-27T15:00:00Z'), typedTodayChars: 6500 }),
        // Transcribed three days ago: in the week's average only.
        job({
          dictatedMs: at('2026-11-24T10:00:00Z'),
          startedMs: at('2026-11-24T11:00:00Z'),
          firstTextMs: at('2026-11-24T12:00:00Z'),
        }),
        // Eight days ago: before the week.
        job({ dictatedMs: at('2026-11-19T10:00:00Z'), firstTextMs: at('2026-11-19T20:00:00Z') }),
      ],
    });
    expect(figures).toEqual({
      jobsDone: 3,
      linesTyped: 35,
      // 30 lines in 50 minutes.
      linesPerHour: 36,
      timedLines: 30,
      typingMinutes: 50,
      // (150 + 110) / 2 minutes.
      averageTatMinutes: 130,
      // (150 + 110 + 120) / 3 minutes.
      week: { jobsDone: 4, averageTatMinutes: 127 },
    });
  });

  it('starts a job begun before midnight at midnight, and says nothing under a minute of typing', () => {
    const overnight = productivityFigures({
      dayStartMs: DAY_START,
      weekStartMs: WEEK_START,
      typedTodayChars: 650,
      jobs: [
        job({
          startedMs: DAY_START - 5 * 60 * MIN,
          firstTextMs: DAY_START + 30 * MIN,
          lastSaveTodayMs: DAY_START + 30 * MIN,
          typedTodayChars: 650,
        }),
      ],
    });
    expect(overnight).toMatchObject({ jobsDone: 1, linesPerHour: 20, timedLines: 10, typingMinutes: 30 });
    const quick = productivityFigures({
      dayStartMs: DAY_START,
      weekStartMs: WEEK_START,
      typedTodayChars: 650,
      jobs: [
        job({
          startedMs: DAY_START + 10 * MIN,
          firstTextMs: DAY_START + 10 * MIN + 59_000,
          lastSaveTodayMs: DAY_START + 10 * MIN + 59_000,
          typedTodayChars: 650,
        }),
      ],
    });
    expect(quick).toMatchObject({ jobsDone: 1, linesTyped: 10, linesPerHour: null, typingMinutes: 0 });
  });

  it('has nothing to say about a day without work', () => {
    expect(
      productivityFigures({ dayStartMs: DAY_START, weekStartMs: WEEK_START, typedTodayChars: 0, jobs: [] }),
    ).toEqual({
      jobsDone: 0,
      linesTyped: 0,
      linesPerHour: null,
      timedLines: 0,
      typingMinutes: 0,
      averageTatMinutes: null,
      week: { jobsDone: 0, averageTatMinutes: null },
    });
  });

  it('takes today and the last 7 days in the person’s zone', () => {
    const now = at('2026-11-27T04:30:00Z'); // 22:30 on the 26th in Chicago
    expect(productivityWindow(now, 'America/Chicago')).toEqual({
      day: '2026-11-26',
      timeZone: 'America/Chicago',
      dayStartMs: at('2026-11-26T06:00:00Z'),
      weekStartMs: at('2026-11-20T06:00:00Z'),
    });
    expect(productivityWindow(now, 'Nowhere/Special')).toMatchObject({ day: '2026-11-27', timeZone: 'UTC' });
  });
});
