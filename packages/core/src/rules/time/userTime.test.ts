import { describe, expect, it } from 'vitest';
import { formatJobDateTime } from './jobTime.js';
import { formatUserDate, formatUserDateTime, userTimeZone } from './userTime.js';

const us = { dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm' };
const uk = { dateFormat: 'DD/MM/YYYY', timeFormat: 'h:mm A' };

describe('the reader’s own clock (issue 42)', () => {
  it('prints on the zone of the runtime that prints unless told another', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(userTimeZone()).toBe(zone);
    const at = '2026-10-27T04:50:00.000Z';
    expect(formatUserDateTime(at, us)).toBe(formatUserDateTime(at, us, zone));
    expect(formatUserDate(at, us)).toBe(formatUserDate(at, us, zone));
  });

  it('reads a Chicago reader’s clock, whatever the machine’s zone', () => {
    // 04:50Z on the 27th is 23:50 on the 26th in Chicago (CDT, UTC-5): the day moves too.
    const at = '2026-10-27T04:50:00.000Z';
    expect(formatUserDateTime(at, us, 'America/Chicago')).toBe('10/26/2026 23:50');
    expect(formatUserDateTime(at, uk, 'America/Chicago')).toBe('26/10/2026 11:50 PM');
    expect(formatUserDate(at, uk, 'America/Chicago')).toBe('26/10/2026');
    expect(formatUserDate(at, uk, 'Asia/Tokyo')).toBe('27/10/2026');
  });

  it('follows daylight saving: the hour repeated when Chicago falls back reads twice', () => {
    // Chicago falls back on 2026-11-01 at 02:00 CDT (07:00Z): 06:30Z and 07:30Z both read 01:30.
    expect(formatUserDateTime('2026-11-01T06:30:00Z', us, 'America/Chicago')).toBe('11/01/2026 01:30');
    expect(formatUserDateTime('2026-11-01T07:30:00Z', us, 'America/Chicago')).toBe('11/01/2026 01:30');
    // It springs forward on 2026-03-08 at 02:00 CST (08:00Z): 02:00–02:59 never shows.
    expect(formatUserDateTime('2026-03-08T07:59:00Z', us, 'America/Chicago')).toBe('03/08/2026 01:59');
    expect(formatUserDateTime('2026-03-08T08:00:00Z', us, 'America/Chicago')).toBe('03/08/2026 03:00');
  });

  it('is the job’s printing on another zone: a reader in Tokyo and a job in Chicago differ', () => {
    const at = Date.UTC(2026, 9, 26, 14, 47);
    expect(formatUserDateTime(at, us, 'Asia/Tokyo')).toBe('10/26/2026 23:47');
    expect(formatJobDateTime(at, 'America/Chicago', us)).toBe('10/26/2026 09:47');
    expect(formatUserDateTime(new Date(at), us, 'America/Chicago')).toBe(
      formatJobDateTime(at, 'America/Chicago', us),
    );
  });

  it('answers empty for a missing or invalid instant', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatUserDateTime(value, us, 'America/Chicago')).toBe('');
      expect(formatUserDate(value, us, 'America/Chicago')).toBe('');
    }
  });
});
