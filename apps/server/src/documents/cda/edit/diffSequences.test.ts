import { describe, expect, it } from 'vitest';
import { diffSequences } from './diffSequences.js';

/** Length of the longest common subsequence, by dynamic programming (the reference). */
function lcs(a: string, b: string): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = up;
    }
  }
  return row[b.length]!;
}

function diff(a: string, b: string) {
  return diffSequences(a.length, b.length, (i, j) => a[i] === b[j]);
}

describe('diffSequences', () => {
  it('finds no hunk for equal sequences and one for a changed word', () => {
    expect(diff('take with food', 'take with food')).toEqual([]);
    expect(diff('take with food', 'take without food')).toEqual([{ a0: 9, a1: 9, b0: 9, b1: 12 }]);
    expect(diff('abc', '')).toEqual([{ a0: 0, a1: 3, b0: 0, b1: 0 }]);
  });

  it('gives hunks that rebuild the new sequence with the fewest edits', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const word = () =>
      Array.from({ length: Math.floor(next() * 12) }, () => 'abcd'[Math.floor(next() * 4)]).join('');
    for (let round = 0; round < 300; round++) {
      const a = word();
      const b = word();
      const hunks = diff(a, b);
      let rebuilt = '';
      let at = 0;
      let edits = 0;
      for (const h of hunks) {
        expect(h.a0).toBeGreaterThanOrEqual(at);
        rebuilt += a.slice(at, h.a0) + b.slice(h.b0, h.b1);
        edits += h.a1 - h.a0 + (h.b1 - h.b0);
        at = h.a1;
      }
      rebuilt += a.slice(at);
      expect(rebuilt).toBe(b);
      expect(edits).toBe(a.length + b.length - 2 * lcs(a, b));
    }
  });
});
