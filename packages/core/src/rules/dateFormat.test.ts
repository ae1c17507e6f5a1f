import { describe, expect, it } from 'vitest';
import { toPgDatePattern } from './dateFormat.js';

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
