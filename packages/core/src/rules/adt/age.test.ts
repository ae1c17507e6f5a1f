import { describe, expect, it } from 'vitest';
import { ageOf, formatAge } from './age.js';

const now = new Date('2026-11-22T12:00:00Z');

describe('age display rule (spec 01 §5)', () => {
  it('shows whole years when there is at least one', () => {
    expect(ageOf('2025-11-22T12:00:00Z', now)).toEqual({ value: 1, unit: 'years' });
    expect(ageOf('1990-01-01', now)).toEqual({ value: 36, unit: 'years' });
  });

  it('a day short of a year is still months', () => {
    expect(ageOf('2025-11-23T12:00:00Z', now)).toEqual({ value: 11, unit: 'months' });
  });

  it('shows months only when over 5', () => {
    expect(ageOf('2026-05-22T12:00:00Z', now)).toEqual({ value: 6, unit: 'months' });
    // Exactly 5 whole months is not over 5: weeks.
    expect(ageOf('2026-06-22T12:00:00Z', now)).toEqual({ value: 21, unit: 'weeks' });
  });

  it('shows weeks when over 1, else days', () => {
    expect(ageOf('2026-11-08T12:00:00Z', now)).toEqual({ value: 2, unit: 'weeks' });
    expect(ageOf('2026-11-09T12:00:00Z', now)).toEqual({ value: 13, unit: 'days' });
    expect(ageOf('2026-11-15T12:00:00Z', now)).toEqual({ value: 7, unit: 'days' });
    expect(ageOf('2026-11-22T08:00:00Z', now)).toEqual({ value: 0, unit: 'days' });
  });

  it('reads a date in the future as 0 days', () => {
    expect(ageOf('2027-01-01', now)).toEqual({ value: 0, unit: 'days' });
  });

  it('answers null for a missing or invalid date, shown as a dash', () => {
    for (const bad of [null, undefined, '', 'not a date', '2026-13-45']) {
      expect(ageOf(bad, now)).toBeNull();
      expect(formatAge(ageOf(bad, now), (a) => `${a.value} ${a.unit}`)).toBe('-');
    }
    expect(formatAge(ageOf('2026-11-20T12:00:00Z', now), (a) => `${a.value} ${a.unit}`)).toBe('2 days');
  });

  it('accepts Date objects and does not change them', () => {
    const from = new Date('2024-02-29T00:00:00Z');
    expect(ageOf(from, now)).toEqual({ value: 2, unit: 'years' });
    expect(from.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });
});
