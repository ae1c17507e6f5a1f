import { describe, expect, it } from 'vitest';
import { MAX_FACILITIES_PER_CALL } from '../../contract/jobList.js';
import { facilityBatches, sumJobCounts } from './jobListBatches.js';

describe('facility batches (spec 01 §9)', () => {
  it('splits ids into batches of the configured size, in order', () => {
    expect(facilityBatches([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4)).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10],
    ]);
    expect(facilityBatches([1], 4)).toEqual([[1]]);
    expect(facilityBatches([], 4)).toEqual([]);
  });

  it('treats a size below 1 as 1 and caps it at what the server takes per call', () => {
    expect(facilityBatches([1, 2], 0)).toEqual([[1], [2]]);
    const many = Array.from({ length: 120 }, (_, i) => i + 1);
    expect(facilityBatches(many, 1000).map((b) => b.length)).toEqual([MAX_FACILITIES_PER_CALL, 50, 20]);
  });
});

describe('sumJobCounts (spec 01 §7)', () => {
  it('sums every queue over the batches', () => {
    expect(
      sumJobCounts([
        { pending: 1, hq: 2, failed: 3, all: 10 },
        { pending: 4, hq: 0, failed: 1, all: 7 },
      ]),
    ).toEqual({ pending: 5, hq: 2, failed: 4, all: 17 });
    expect(sumJobCounts([])).toEqual({ pending: 0, hq: 0, failed: 0, all: 0 });
  });
});
