/**
 * Seeded pseudo-random numbers for the demo generator. Everything the seed writes comes from these,
 * never from Math.random or the clock, so the same options give the same rows and bytes.
 */

/** A 32-bit hash of the given parts (xmur3 finaliser over the joined text), for sub-seeds. */
export function hashSeed(...parts: (string | number)[]): number {
  const text = parts.join('\u0001');
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32 with helpers; small, fast and good enough for synthetic data. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** One key chosen by weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    const last = entries.at(-1);
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** `count` distinct elements (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      const tmp = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = tmp;
    }
    return copy.slice(0, n);
  }

  /** A child generator whose sequence does not depend on how much of this one is used later. */
  fork(...parts: (string | number)[]): Rng {
    return new Rng(hashSeed(this.state, ...parts));
  }
}

/** A generator seeded from the given parts. */
export function rngFor(...parts: (string | number)[]): Rng {
  return new Rng(hashSeed(...parts));
}
