import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byteRange.js';

describe('parseByteRange', () => {
  it('reads first-last, open-ended and suffix ranges', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=100-', 1000)).toEqual({ start: 100, end: 999 });
    expect(parseByteRange('bytes=-50', 1000)).toEqual({ start: 950, end: 999 });
    expect(parseByteRange('Bytes = 5 - 5', 1000)).toEqual({ start: 5, end: 5 });
  });

  it('clamps a range running past the end, and a suffix longer than the file', () => {
    expect(parseByteRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('finds ranges beyond the file unsatisfiable', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=2000-3000', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-10', 0)).toBe('unsatisfiable');
  });

  it('ignores absent, malformed, multiple and other-unit ranges (the whole file is answered)', () => {
    expect(parseByteRange(undefined, 1000)).toBeNull();
    expect(parseByteRange('', 1000)).toBeNull();
    expect(parseByteRange('bytes=-', 1000)).toBeNull();
    expect(parseByteRange('bytes=10-5', 1000)).toBeNull();
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseByteRange('items=0-1', 1000)).toBeNull();
    expect(parseByteRange('bytes=a-b', 1000)).toBeNull();
  });
});
