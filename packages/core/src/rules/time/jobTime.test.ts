import { describe, expect, it } from 'vitest';
import { adtDateTime } from '../adt/adtValues.js';
import { compileDateFormatter } from './dateFormat.js';
import {
  DOCUMENT_DATE_FORMATS,
  formatJobDate,
  formatJobDateTime,
  formatJobWallClock,
  isClockChangeDay,
  knownTimeZone,
  wallClockMs,
  zoneAbbreviation,
} from './jobTime.js';

const us = { dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm' };
const uk = { dateFormat: 'DD/MM/YYYY', timeFormat: 'h:mm A' };

describe('formatJobDateTime', () => {
  it('shows the facility wall clock, not UTC: 14:47Z is 10:47 in New York in October (issue 18)', () => {
    expect(formatJobDateTime('2026-10-26T14:47:00.000Z', 'America/New_York', us)).toBe('10/26/2026 10:47');
  });

  it('keeps a dictation just before midnight on its facility day, west of UTC', () => {
    // 04:50Z on the 27th is 23:50 on the 26th in Chicago (CDT, UTC-5).
    const at = '2026-10-27T04:50:00.000Z';
    expect(formatJobDateTime(at, 'America/Chicago', us)).toBe('10/26/2026 23:50');
    expect(formatJobDateTime(at, 'America/Chicago', uk, { zoneLabel: true })).toBe('26/10/2026 11:50 PM CDT');
  });

  it('moves a dictation just after midnight to the next day, east of UTC', () => {
    // 23:30Z on the 26th is 00:30 on the 27th in Berlin (CET, UTC+1, after the October change).
    const at = '2026-10-26T23:30:00.000Z';
    expect(formatJobDateTime(at, 'Europe/Berlin', us)).toBe('10/27/2026 00:30');
    expect(formatJobDateTime(at, 'Asia/Tokyo', us, { zoneLabel: true })).toBe('10/27/2026 08:30 GMT+9');
  });

  it('follows daylight saving: the same UTC hour reads an hour apart across the change', () => {
    // US clocks fall back on 2026-11-01 at 02:00 EDT (06:00Z).
    expect(formatJobDateTime('2026-11-01T05:59:00Z', 'America/New_York', us, { zoneLabel: true })).toBe(
      '11/01/2026 01:59 EDT',
    );
    expect(formatJobDateTime('2026-11-01T06:01:00Z', 'America/New_York', us, { zoneLabel: true })).toBe(
      '11/01/2026 01:01 EST',
    );
    // And spring forward on 2026-03-08 at 02:00 EST (07:00Z).
    expect(formatJobDateTime('2026-03-08T06:59:00Z', 'America/New_York', us)).toBe('03/08/2026 01:59');
    expect(formatJobDateTime('2026-03-08T07:00:00Z', 'America/New_York', us)).toBe('03/08/2026 03:00');
  });

  it('accepts a Date or milliseconds and answers empty for a missing or invalid instant', () => {
    const ms = Date.UTC(2026, 0, 2, 3, 4);
    expect(formatJobDateTime(new Date(ms), 'UTC', us)).toBe('01/02/2026 03:04');
    expect(formatJobDateTime(ms, 'UTC', us)).toBe('01/02/2026 03:04');
    for (const value of [null, undefined, '', 'not a date'])
      expect(formatJobDateTime(value, 'UTC', us)).toBe('');
  });

  it('shows an unknown zone in UTC, labelled so', () => {
    expect(knownTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(knownTimeZone('')).toBe('UTC');
    expect(formatJobDateTime('2026-10-26T14:47:00Z', 'Mars/Olympus_Mons', us, { zoneLabel: true })).toBe(
      '10/26/2026 14:47 UTC',
    );
  });

  it('prints what the list prints from the same wall clock (compileDateFormatter)', () => {
    const ms = Date.parse('2026-07-04T03:15:09.250Z');
    const wall = wallClockMs(ms, 'America/Los_Angeles');
    expect(wall).toBe(Date.parse('2026-07-03T20:15:09.250Z'));
    expect(formatJobDateTime(ms, 'America/Los_Angeles', DOCUMENT_DATE_FORMATS)).toBe(
      compileDateFormatter('MM/DD/YYYY HH:mm')(wall),
    );
  });

  it('names zones as a US reader knows them', () => {
    expect(zoneAbbreviation(Date.UTC(2026, 0, 15), 'America/New_York')).toBe('EST');
    expect(zoneAbbreviation(Date.UTC(2026, 6, 15), 'America/Chicago')).toBe('CDT');
    expect(zoneAbbreviation(Date.UTC(2026, 6, 15), 'UTC')).toBe('UTC');
  });
});

describe('times on a day the clocks change (issue 39 row 7)', () => {
  const changeDay = { zoneLabel: 'clockChange' } as const;

  it('labels both readings of the repeated hour, so 01:04 EST sorts above 01:43 EDT and reads right', () => {
    // 2026-11-01 in New York: 01:00–01:59 happens twice, first EDT (UTC-4), then EST (UTC-5).
    const firstPass = '2026-11-01T05:43:00Z';
    const secondPass = '2026-11-01T06:04:00Z';
    expect(formatJobDateTime(firstPass, 'America/New_York', us, changeDay)).toBe('11/01/2026 01:43 EDT');
    expect(formatJobDateTime(secondPass, 'America/New_York', us, changeDay)).toBe('11/01/2026 01:04 EST');
    expect(formatJobDateTime(firstPass, 'America/New_York', us)).toBe('11/01/2026 01:43');
  });

  it('labels every time of the change day, in the zone of that moment, and on the spring-forward day', () => {
    expect(formatJobDateTime('2026-11-01T04:30:00Z', 'America/Chicago', us, changeDay)).toBe(
      '10/31/2026 23:30',
    );
    expect(formatJobDateTime('2026-11-01T05:30:00Z', 'America/Chicago', us, changeDay)).toBe(
      '11/01/2026 00:30 CDT',
    );
    expect(formatJobDateTime('2026-11-02T04:59:00Z', 'America/New_York', us, changeDay)).toBe(
      '11/01/2026 23:59 EST',
    );
    expect(formatJobDateTime('2026-11-02T05:00:00Z', 'America/New_York', us, changeDay)).toBe(
      '11/02/2026 00:00',
    );
    // 2026-03-08: 02:00 EST jumps to 03:00 EDT.
    expect(formatJobDateTime('2026-03-08T16:00:00Z', 'America/New_York', us, changeDay)).toBe(
      '03/08/2026 12:00 EDT',
    );
  });

  it('leaves an ordinary day unlabelled', () => {
    expect(formatJobDateTime('2026-10-26T14:47:00Z', 'America/New_York', us, changeDay)).toBe(
      '10/26/2026 10:47',
    );
    expect(isClockChangeDay(Date.parse('2026-10-31T12:00:00Z'), 'America/New_York')).toBe(false);
    expect(isClockChangeDay(Date.parse('2026-11-01T12:00:00Z'), 'America/New_York')).toBe(true);
  });

  it('never labels a zone without daylight saving, nor UTC', () => {
    for (const at of ['2026-11-01T06:04:00Z', '2026-03-08T09:00:00Z', '2026-11-01T08:30:00Z']) {
      expect(isClockChangeDay(Date.parse(at), 'America/Phoenix')).toBe(false);
      expect(isClockChangeDay(Date.parse(at), 'UTC')).toBe(false);
    }
    expect(formatJobDateTime('2026-11-01T08:30:00Z', 'America/Phoenix', us, changeDay)).toBe(
      '11/01/2026 01:30',
    );
  });

  it('follows each zone’s own change day (Europe falls back a week earlier)', () => {
    expect(isClockChangeDay(Date.parse('2026-10-25T12:00:00Z'), 'Europe/Berlin')).toBe(true);
    expect(isClockChangeDay(Date.parse('2026-10-25T12:00:00Z'), 'America/New_York')).toBe(false);
  });
});

describe('formatJobDate', () => {
  it('never shifts a date-only value by a day, whatever the zone', () => {
    expect(formatJobDate('2026-10-26', us)).toBe('10/26/2026');
    expect(formatJobDate('2026-01-01', { dateFormat: 'D MMMM YYYY' })).toBe('1 January 2026');
    expect(formatJobDate('2026-10-26T00:00:00', uk)).toBe('26/10/2026');
  });

  it('answers empty for a missing or unreadable value', () => {
    for (const value of [null, undefined, '', '26.10.2026']) expect(formatJobDate(value, us)).toBe('');
  });
});

describe('formatJobWallClock', () => {
  it('prints a facility wall clock (an ADT date-time) as written, in the user formats, never moved', () => {
    expect(formatJobWallClock('2026-03-08T02:30:00', us)).toBe('03/08/2026 02:30');
    expect(formatJobWallClock('2026-10-26T23:50:00', uk)).toBe('26/10/2026 11:50 PM');
    expect(formatJobWallClock('2026-10-26T23:50', us)).toBe('10/26/2026 23:50');
    // It is the same text as the job's instant on its facility's clock.
    const at = '2026-10-27T04:50:00.000Z';
    expect(formatJobWallClock(adtDateTime(Date.parse(at), 'America/Chicago'), us)).toBe(
      formatJobDateTime(at, 'America/Chicago', us),
    );
  });

  it('answers empty for a missing value, an unreal day or time, or an instant with its own zone', () => {
    for (const value of [null, undefined, '', '2026-02-30T10:00:00', '2026-10-26T25:00:00', '2026-10-26'])
      expect(formatJobWallClock(value, us)).toBe('');
    expect(formatJobWallClock('2026-10-26T14:47:00Z', us)).toBe('');
    expect(formatJobWallClock('2026-10-26T14:47:00-05:00', us)).toBe('');
  });
});
