import { describe, expect, it } from 'vitest';
import { StampedCache } from './stampedCache.js';

describe('StampedCache', () => {
  it('serves a value only for the stamp it was kept under', () => {
    const cache = new StampedCache<number, string>(10, 60_000);
    cache.put(1, 'a', 'job 1 as of a');
    expect(cache.get(1, 'a')).toBe('job 1 as of a');
    expect(cache.get(1, 'b')).toBeUndefined();
    // A stamp that no longer matches forgets the entry: the old stamp is not served again either.
    expect(cache.get(1, 'a')).toBeUndefined();
  });

  it('drops the least recently used beyond its size, and keeps nothing at size 0', () => {
    const cache = new StampedCache<number, string>(2, 60_000);
    cache.put(1, 's', 'one');
    cache.put(2, 's', 'two');
    expect(cache.get(1, 's')).toBe('one');
    cache.put(3, 's', 'three');
    expect([cache.has(1), cache.has(2), cache.has(3)]).toEqual([true, false, true]);
    const none = new StampedCache<number, string>(0, 60_000);
    none.put(1, 's', 'one');
    expect(none.size).toBe(0);
  });

  it('serves nothing older than its time to live', () => {
    const cache = new StampedCache<number, string>(10, 0);
    cache.put(1, 's', 'one');
    expect(cache.get(1, 's')).toBeUndefined();
  });
});
