import { describe, expect, it } from 'vitest';
import { tooManyForBulk } from './bulkSelection.js';

describe('bulk selection limit (spec 01 §5)', () => {
  it('allows 10 unique jobs and refuses 11', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(tooManyForBulk(ten)).toBe(false);
    expect(tooManyForBulk([...ten, 11])).toBe(true);
  });
  it('counts a job checked twice once', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(tooManyForBulk([...ten, 1])).toBe(false);
  });
});
