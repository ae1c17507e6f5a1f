import { describe, expect, it } from 'vitest';
import {
  guessScheduleDateFormat,
  isoDate,
  isoLocalDateTime,
  parseScheduleDate,
  SCHEDULE_DATE_FORMATS,
} from './scheduleDates.js';

const read = (value: string, format: string) => {
  const p = parseScheduleDate(value, format);
  return p ? (p.hasTime ? isoLocalDateTime(p) : isoDate(p)) : null;
};

describe('parseScheduleDate', () => {
  it('reads every offered format', () => {
    const cases: [string, string, string][] = [
      ['MM/dd/yyyy', '03/07/2021', '2021-03-07'],
      ['M/d/yyyy', '3/7/2021', '2021-03-07'],
      ['dd/MM/yyyy', '07/03/2021', '2021-03-07'],
      ['yyyy-MM-dd', '2021-03-07', '2021-03-07'],
      ['yyyyMMdd', '20210307', '2021-03-07'],
      ['MM/dd/yyyy HH:mm', '03/07/2021 14:05', '2021-03-07T14:05:00'],
      ['MM/dd/yyyy hh:mm a', '03/07/2021 02:05 PM', '2021-03-07T14:05:00'],
      ['yyyy-MM-dd HH:mm', '2021-03-07 14:05', '2021-03-07T14:05:00'],
      ['yyyyMMddHHmm', '202103071405', '2021-03-07T14:05:00'],
      ['yyyy-MM-ddTHH:mm:ss', '2021-03-07T14:05:09', '2021-03-07T14:05:09'],
    ];
    expect(cases.map((c) => c[0])).toEqual([...SCHEDULE_DATE_FORMATS]);
    for (const [format, value, expected] of cases) expect(read(value, format), format).toBe(expected);
  });

  it('is strict: impossible dates, times and shapes are refused', () => {
    expect(read('02/30/2020', 'MM/dd/yyyy')).toBeNull();
    expect(read('02/29/2021', 'MM/dd/yyyy')).toBeNull();
    expect(read('02/29/2020', 'MM/dd/yyyy')).toBe('2020-02-29');
    expect(read('13/01/2020', 'MM/dd/yyyy')).toBeNull();
    expect(read('3/7/2021', 'MM/dd/yyyy')).toBeNull();
    expect(read('2021-03-07', 'MM/dd/yyyy')).toBeNull();
    expect(read('03/07/2021 24:00', 'MM/dd/yyyy HH:mm')).toBeNull();
    expect(read('03/07/2021 13:00 PM', 'MM/dd/yyyy hh:mm a')).toBeNull();
    expect(read('03/07/2021 12:30 AM', 'MM/dd/yyyy hh:mm a')).toBe('2021-03-07T00:30:00');
    expect(read('', 'MM/dd/yyyy')).toBeNull();
    expect(read('x03/07/2021', 'MM/dd/yyyy')).toBeNull();
  });

  it('takes a bare date for a date-time format (midnight), but no time for a date format', () => {
    expect(read('03/07/2021', 'MM/dd/yyyy HH:mm')).toBe('2021-03-07T00:00:00');
    expect(read('20210307', 'yyyyMMddHHmm')).toBe('2021-03-07T00:00:00');
    expect(read(' 2021-03-07 ', 'yyyy-MM-ddTHH:mm:ss')).toBe('2021-03-07T00:00:00');
    expect(read('03/07/2021 10:00', 'MM/dd/yyyy')).toBeNull();
  });
});

describe('guessScheduleDateFormat', () => {
  it('picks a format that reads the sample, preferring one with or without time as asked', () => {
    expect(guessScheduleDateFormat('03/07/2021', false)).toBe('MM/dd/yyyy');
    expect(guessScheduleDateFormat('3/17/2021', false)).toBe('M/d/yyyy');
    expect(guessScheduleDateFormat('2021-03-07 08:30', true)).toBe('yyyy-MM-dd HH:mm');
    expect(guessScheduleDateFormat('2021-03-07', true)).toBe('yyyy-MM-dd');
    expect(guessScheduleDateFormat('soon', true)).toBeNull();
  });
});
