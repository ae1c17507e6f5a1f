import { describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from './zonedTime.js';

describe('zonedTimeToUtc', () => {
  it('reads a wall-clock time in the facility zone, winter and summer', () => {
    expect(zonedTimeToUtc('2024-01-15T09:30:00', 'America/New_York').toISOString()).toBe(
      '2024-01-15T14:30:00.000Z',
    );
    expect(zonedTimeToUtc('2024-07-15T09:30:00', 'America/New_York').toISOString()).toBe(
      '2024-07-15T13:30:00.000Z',
    );
    expect(zonedTimeToUtc('2024-07-15T00:00:00', 'UTC').toISOString()).toBe('2024-07-15T00:00:00.000Z');
  });

  it('reads an unknown zone as UTC', () => {
    expect(zonedTimeToUtc('2024-07-15T09:30:00', 'Nowhere/Special').toISOString()).toBe(
      '2024-07-15T09:30:00.000Z',
    );
  });
});
