import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from './formatDate';

const us = { dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm' };
const uk = { dateFormat: 'DD/MM/YYYY', timeFormat: 'h:mm A' };

describe('formatDate', () => {
  it('formats dates and times with the user formats', () => {
    const when = new Date(2024, 2, 5, 14, 7);
    expect(formatDate(when, us)).toBe('03/05/2024');
    expect(formatDate(when, uk)).toBe('05/03/2024');
    expect(formatTime(when, us)).toBe('14:07');
    expect(formatTime(when, uk)).toBe('2:07 PM');
    expect(formatDateTime('2024-03-05T14:07:00', us)).toBe('03/05/2024 14:07');
  });

  it('answers an empty string for missing or invalid values', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value, us)).toBe('');
      expect(formatDateTime(value, us)).toBe('');
    }
  });
});
