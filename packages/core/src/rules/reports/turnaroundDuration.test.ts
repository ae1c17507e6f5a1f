import { describe, expect, it } from 'vitest';
import { enUS } from '../../i18n/enUS.js';
import { formatDuration } from './turnaroundDuration.js';

const units = enUS.transcribe.tat.units;

describe('formatDuration (issue 27 TAT columns)', () => {
  it('reads minutes under an hour, hours and padded minutes under a day, days and hours after', () => {
    expect(formatDuration(0, units)).toBe('0m');
    expect(formatDuration(7, units)).toBe('7m');
    expect(formatDuration(59, units)).toBe('59m');
    expect(formatDuration(60, units)).toBe('1h 00m');
    expect(formatDuration(65, units)).toBe('1h 05m');
    expect(formatDuration(23 * 60 + 59, units)).toBe('23h 59m');
    expect(formatDuration(24 * 60, units)).toBe('1d 0h');
    expect(formatDuration(2 * 24 * 60 + 3 * 60, units)).toBe('2d 3h');
    expect(formatDuration(400 * 24 * 60 + 23 * 60 + 59, units)).toBe('400d 23h');
  });

  it('cuts the smaller unit instead of rounding it up', () => {
    expect(formatDuration(2 * 24 * 60 + 3 * 60 + 59, units)).toBe('2d 3h');
  });

  it('is empty when the time is missing or not a whole number of minutes', () => {
    expect(formatDuration(null, units)).toBe('');
    expect(formatDuration(-1, units)).toBe('');
    expect(formatDuration(Number.NaN, units)).toBe('');
    expect(formatDuration(1.5, units)).toBe('');
  });

  it('uses the catalogue’s unit letters', () => {
    expect(formatDuration(65, { days: ' T', hours: ' Std', minutes: ' Min' })).toBe('1 Std 05 Min');
  });

  it('never reads longer than the duration, and a longer duration never reads shorter', () => {
    const read = (text: string) => {
      const d = /(\d+)d/.exec(text)?.[1] ?? '0';
      const h = /(\d+)h/.exec(text)?.[1] ?? '0';
      const m = /(\d+)m/.exec(text)?.[1] ?? '0';
      return Number(d) * 1440 + Number(h) * 60 + Number(m);
    };
    // Every minute of the first three days, then a step through the years.
    const durations = Array.from({ length: 3 * 1440 }, (_, i) => i);
    for (let m = 3 * 1440; m < 10_000_000; m += 997) durations.push(m);
    let previous = 0;
    for (const minutes of durations) {
      const shown = read(formatDuration(minutes, units));
      expect(shown, String(minutes)).toBeLessThanOrEqual(minutes);
      expect(minutes - shown, String(minutes)).toBeLessThan(minutes < 1440 ? 1 : 60);
      expect(shown, String(minutes)).toBeGreaterThanOrEqual(previous);
      previous = shown;
    }
  });
});
