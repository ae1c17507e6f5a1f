import { describe, expect, it } from 'vitest';
import { inRanges, runSteps } from './steps.js';

describe('stepwise passes', () => {
  it('passes over every position once, in order, pausing between ranges and not after the last', () => {
    const seen: number[] = [];
    const ranges: [number, number][] = [];
    const steps = inRanges(25, 10, (start, end) => {
      ranges.push([start, end]);
      for (let i = start; i < end; i++) seen.push(i);
    });
    let pauses = 0;
    while (!steps.next().done) pauses++;
    expect(ranges).toEqual([
      [0, 10],
      [10, 20],
      [20, 25],
    ]);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(pauses).toBe(2);
  });

  it('does nothing for no positions, and runs to its end at once under runSteps', () => {
    let calls = 0;
    runSteps(
      inRanges(0, 10, () => {
        calls++;
      }),
    );
    expect(calls).toBe(0);
    let total = 0;
    runSteps(
      inRanges(100_000, 10_000, (start, end) => {
        total += end - start;
      }),
    );
    expect(total).toBe(100_000);
  });
});
