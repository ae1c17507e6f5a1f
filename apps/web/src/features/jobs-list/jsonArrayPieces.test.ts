import { describe, expect, it } from 'vitest';
import { parseJsonArrayInPieces } from './jsonArrayPieces';

function parseAll<T>(text: string, pieceChars: number): { value: T[]; pauses: number } {
  const steps = parseJsonArrayInPieces<T>(text, pieceChars);
  let pauses = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { value: step.value, pauses };
    pauses += 1;
  }
}

describe('parseJsonArrayInPieces', () => {
  const rows = Array.from({ length: 200 }, (_, i) => ({
    jobId: i,
    jobNote: i % 7 === 0 ? `tricky }, { "jobId": ${i}, "x": "}" ,{ \\" end` : 'plain',
    name: 'Núñez, José 👍',
    flags: [
      { code: 'A', description: '{}' },
      { code: 'B', description: 'x' },
    ],
  }));

  it('answers exactly what JSON.parse answers, pausing between pieces', () => {
    for (const spacing of [undefined, 2]) {
      const text = JSON.stringify(rows, null, spacing);
      for (const pieceChars of [1, 64, 1000, 10_000_000]) {
        const { value, pauses } = parseAll(text, pieceChars);
        expect(value).toEqual(JSON.parse(text));
        if (pieceChars <= 1000) expect(pauses).toBeGreaterThan(0);
        else expect(pauses).toBe(0);
      }
    }
  });

  it('handles the separators PostgreSQL json_agg writes', () => {
    const text = `[${rows.map((r) => JSON.stringify(r)).join(', \n ')}]`;
    expect(parseAll(text, 100).value).toEqual(rows);
  });

  it('cuts between array items too (the compact list format), never inside a nested array', () => {
    const items = [
      { format: 'compact-1', patients: { '1': ['Doe, J', 'M1'], '2': [null, 'M2'] } },
      ...Array.from({ length: 100 }, (_, i) => [
        i,
        null,
        i % 2 === 0,
        [
          ['HQ01', '], ["x"'],
          ['HQ02', 'y'],
        ],
        'a], [b',
      ]),
    ];
    const text = `[${items.map((r) => JSON.stringify(r).replaceAll(',', ', ')).join(',')}]`;
    for (const pieceChars of [1, 50, 700]) expect(parseAll(text, pieceChars).value).toEqual(JSON.parse(text));
  });

  it('handles empty arrays and refuses what is not JSON', () => {
    expect(parseAll('[]', 10).value).toEqual([]);
    expect(parseAll(' [ ] ', 10).value).toEqual([]);
    expect(() => parseAll('[{"a":1}, {"a":', 1)).toThrow();
    expect(() => parseAll('<html>', 1)).toThrow();
  });
});
