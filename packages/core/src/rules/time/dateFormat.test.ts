import { describe, expect, it } from 'vitest';
import {
  compileDateFormatter,
  compileDateTimeFormatter,
  compileDateTimePieces,
  isoString,
  isoTime,
  toPgDatePattern,
} from './dateFormat.js';

describe('user date formats to PostgreSQL patterns', () => {
  it('maps the usual formats', () => {
    expect(toPgDatePattern('MM/DD/YYYY')).toBe('MM/DD/YYYY');
    expect(toPgDatePattern('DD.MM.YYYY')).toBe('DD.MM.YYYY');
    expect(toPgDatePattern('HH:mm')).toBe('HH24:MI');
    expect(toPgDatePattern('h:mm A')).toBe('FMHH12:MI AM');
    expect(toPgDatePattern('D MMM YYYY')).toBe('FMDD Mon YYYY');
  });

  it('quotes letters that are not tokens, so they print as typed', () => {
    expect(toPgDatePattern('YYYY-MM-DD[T]HH')).toBe('YYYY-MM-DD["T"]HH24');
  });
});

describe('compileDateFormatter (prints what to_char prints for toPgDatePattern)', () => {
  const at = Date.UTC(2026, 0, 5, 0, 7, 9);
  it('prints every token', () => {
    expect(compileDateFormatter('MM/DD/YYYY HH:mm')(at)).toBe('01/05/2026 00:07');
    expect(compileDateFormatter('D MMM YY h:mm:ss a')(at)).toBe('5 Jan 26 12:07:09 am');
    expect(compileDateFormatter('MMMM D, YYYY hh A')(Date.UTC(2026, 8, 30, 13))).toBe(
      'September 30, 2026 01 PM',
    );
    expect(compileDateFormatter('H [ok] M')(at)).toBe('0 [ok] 1');
  });
});

describe('isoString', () => {
  it('answers what Date#toISOString answers, before 1970 and in leap years too', () => {
    for (const ms of [
      0,
      -1,
      -500,
      1_793_473_778_123,
      Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(1900, 0, 1),
      -62_135_596_800_000,
    ]) {
      expect(isoString(ms)).toBe(new Date(ms).toISOString());
    }
    for (let ms = -2e12; ms < 4e12; ms += 7_777_777_777)
      expect(isoString(ms)).toBe(new Date(ms).toISOString());
  });
});

describe('isoTime', () => {
  it('reads back what isoString writes, as Date.parse does, and other forms through Date.parse', () => {
    for (let ms = -2e12; ms < 4e12; ms += 7_777_777_777) expect(isoTime(isoString(ms))).toBe(ms);
    for (const text of [
      '0050-03-01T10:00:00.000Z',
      '0999-12-31T23:59:59.999Z',
      '2026-11-23',
      '2026-11-23T10:00:00-05:00',
      '+275760-09-13T00:00:00.000Z',
      'not a date',
    ])
      expect(isoTime(text)).toEqual(Date.parse(text));
  });
});

describe('compileDateTimeFormatter', () => {
  it('prints what the whole format prints, with or without seconds, before 1970 too', () => {
    for (const [date, time] of [
      ['MM/DD/YYYY', 'HH:mm'],
      ['DD.MM.YYYY', 'hh:mm:ss A'],
      ['MMMM D, YYYY', 'h:mm a'],
      ['YYYY-MM-DD HH', 'mm'],
      ['DD/MM/YY', 'HH:mm [ok]'],
    ] as const) {
      const fast = compileDateTimeFormatter(date, time);
      const whole = compileDateFormatter(`${date} ${time}`);
      for (let ms = -2e12; ms < 4e12; ms += 977_777_777) {
        expect(fast(ms), `${date} ${time}`).toBe(whole(ms));
        // The same day and minute again, a few seconds on.
        expect(fast(ms + 7_000)).toBe(whole(ms + 7_000));
      }
    }
  });
});

describe('compileDateTimePieces', () => {
  it('cuts the text in its date and its time, or answers null where it does not cut so', () => {
    for (const [date, time] of [
      ['MM/DD/YYYY', 'HH:mm'],
      ['MMMM D, YYYY', 'h:mm a'],
    ] as const) {
      const pieces = compileDateTimePieces(date, time)!;
      const whole = compileDateFormatter(`${date} ${time}`);
      for (let ms = -2e12; ms < 4e12; ms += 977_777_777)
        expect(`${pieces.date(ms)} ${pieces.time(ms)}`).toBe(whole(ms));
    }
    expect(compileDateTimePieces('MM/DD/YYYY', 'hh:mm:ss A')).toBeNull();
    expect(compileDateTimePieces('YYYY-MM-DD HH', 'mm')).toBeNull();
    expect(compileDateTimePieces('YY', 'DD HH:mm')).toBeNull();
  });
});
