import { describe, expect, it } from 'vitest';
import { message } from '../../i18n/format.js';
import { parseCalendarDay } from '../time/calendarDay.js';
import {
  canExportTatReport,
  defaultTatRange,
  reportHours,
  TAT_RANGE_VALUES,
  TAT_REPORT_MAX_DAYS,
  tatRangeInstants,
  tatRangeProblem,
} from './tatReport.js';

describe('the turnaround report’s rules (issue 27)', () => {
  it('takes a range of real days, To not before From, at most 366 days', () => {
    expect(tatRangeProblem('2026-11-01', '2026-11-01')).toBeNull();
    expect(tatRangeProblem('2026-01-01', '2026-12-31')).toBeNull();
    // 2024 is a leap year: all of it is 366 days, one day more is 367.
    expect(tatRangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(tatRangeProblem('2024-01-01', '2025-01-01')).toBe('transcribe.productivity.report.rangeTooLong');
    expect(tatRangeProblem('2026-11-02', '2026-11-01')).toBe('transcribe.productivity.report.toBeforeFrom');
    for (const [from, to] of [
      ['', '2026-11-01'],
      ['2026-02-30', '2026-03-01'],
      ['2026-11-01', '11/02/2026'],
    ])
      expect(tatRangeProblem(from!, to!)).toBe('transcribe.productivity.report.dateRequired');
    expect(message('transcribe.productivity.report.rangeTooLong', TAT_RANGE_VALUES)).toBe(
      `A report covers at most ${TAT_REPORT_MAX_DAYS} days: choose a shorter range.`,
    );
  });

  it('covers whole days of the facility’s clock, a 25-hour day included', () => {
    const day = (t: string) => parseCalendarDay(t)!;
    const { startMs, endMs } = tatRangeInstants(day('2026-11-01'), day('2026-11-01'), 'America/Chicago');
    expect(new Date(startMs).toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(new Date(endMs).toISOString()).toBe('2026-11-02T06:00:00.000Z');
    expect((endMs - startMs) / 3_600_000).toBe(25);
  });

  it('opens on the last 7 days up to today', () => {
    expect(defaultTatRange('2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(tatRangeProblem(defaultTatRange('2026-03-03').from, '2026-03-03')).toBeNull();
  });

  it('writes durations as hours with one decimal', () => {
    expect(reportHours(6300)).toBe(1.8); // 1 h 45 min
    expect(reportHours(90 * 60)).toBe(1.5);
    expect(reportHours(0)).toBe(0);
    expect(reportHours(29 * 3600 + 59)).toBe(29);
    expect(reportHours(null)).toBeNull();
  });

  it('is for accounts with User Add', () => {
    expect(canExportTatReport(new Set(['dictatorAdd']))).toBe(true);
    expect(canExportTatReport(new Set(['dictatorView', 'jobViewDetails', 'jobEditText']))).toBe(false);
  });
});
