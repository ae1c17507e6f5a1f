import { describe, expect, it } from 'vitest';
import { calendarDayIn, dayNumber, dayText, parseCalendarDay, startOfDayIn } from './calendarDay.js';

const day = (text: string) => dayNumber(parseCalendarDay(text)!);
const iso = (ms: number) => new Date(ms).toISOString();

describe('calendar days', () => {
  it('reads real days only', () => {
    expect(parseCalendarDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDay(' 2026-11-27 ')).toEqual({ year: 2026, month: 11, day: 27 });
    for (const bad of ['2026-02-29', '2026-13-01', '26-11-27', '2026-11-27T00:00', '1899-12-31', ''])
      expect(parseCalendarDay(bad), bad).toBeNull();
  });

  it('counts and writes days without a zone', () => {
    expect(day('2026-03-01') - day('2026-02-28')).toBe(1);
    expect(day('2024-03-01') - day('2024-02-28')).toBe(2);
    expect(dayText(day('2026-12-31') + 1)).toBe('2027-01-01');
  });

  it('finds the day an instant falls on in a zone', () => {
    const late = Date.parse('2026-10-27T04:50:00Z'); // 23:50 in Chicago the day before
    expect(calendarDayIn(late, 'America/Chicago')).toBe('2026-10-26');
    expect(calendarDayIn(late, 'UTC')).toBe('2026-10-27');
    expect(calendarDayIn(late, 'Not/AZone')).toBe('2026-10-27');
  });

  it('starts a day at the zone’s midnight, on both sides of a daylight-saving change', () => {
    expect(iso(startOfDayIn(day('2026-11-27'), 'America/Chicago'))).toBe('2026-11-27T06:00:00.000Z');
    expect(iso(startOfDayIn(day('2026-07-01'), 'America/Chicago'))).toBe('2026-07-01T05:00:00.000Z');
    // The days of the changes (02:00 local): midnight keeps the offset of the day before.
    expect(iso(startOfDayIn(day('2026-03-08'), 'America/Chicago'))).toBe('2026-03-08T06:00:00.000Z');
    expect(iso(startOfDayIn(day('2026-03-09'), 'America/Chicago'))).toBe('2026-03-09T05:00:00.000Z');
    expect(iso(startOfDayIn(day('2026-11-01'), 'America/Chicago'))).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(startOfDayIn(day('2026-11-02'), 'America/Chicago'))).toBe('2026-11-02T06:00:00.000Z');
    expect(iso(startOfDayIn(day('2026-11-27'), 'Asia/Kolkata'))).toBe('2026-11-26T18:30:00.000Z');
    expect(iso(startOfDayIn(day('2026-11-27'), 'Not/AZone'))).toBe('2026-11-27T00:00:00.000Z');
  });

  it('starts a day whose midnight is skipped when the clock jumps', () => {
    // Santiago moves from 00:00 (-04) to 01:00 (-03) on 2026-09-06.
    const start = startOfDayIn(day('2026-09-06'), 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
    expect(calendarDayIn(start, 'America/Santiago')).toBe('2026-09-06');
    expect(calendarDayIn(start - 1, 'America/Santiago')).toBe('2026-09-05');
  });
});
