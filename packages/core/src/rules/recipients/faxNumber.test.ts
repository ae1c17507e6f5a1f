import { describe, expect, it } from 'vitest';
import { isValidFaxNumber, normaliseFaxNumber } from './faxNumber.js';

describe('fax numbers (spec 01 §5)', () => {
  it('removes spaces and keeps digits', () => {
    expect(normaliseFaxNumber(' 555 123 4567 ')).toBe('5551234567');
  });
  it('refuses empty, missing and non-numeric numbers', () => {
    for (const v of ['', '   ', null, undefined, '555-1234', '+15551234', '55a1']) {
      expect(isValidFaxNumber(v)).toBe(false);
    }
  });
});
