interface Entry<T> {
  stamp: string;
  value: T;
  /** performance.now() after which the entry is built again, stamp or not. */
  staleAt: number;
}

/**
 * Answers kept in the process, each served only while the stamp the caller has just read from the
 * database equals the stamp read before the answer was built (issue 24; docs/decisions.md, "The
 * job view served from memory, checked by its stamp"). A value is kept under the stamp read in the
 * same statement as the data it was built from.
 * Least recently used dropped beyond `maxEntries`; an entry lives at most `ttlMs` (transaction ids
 * repeat after 2³² transactions: an entry never lives that long).
 */
export class StampedCache<K, T> {
  private readonly entries = new Map<K, Entry<T>>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  /** Whether anything is kept under `key` (for some stamp). */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value kept under `key` for this very stamp, if any. */
  get(key: K, stamp: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== stamp || performance.now() >= entry.staleAt) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Keeps `value` under the stamp read with the data it was built from. The value is frozen, all
   * the way down: every call it is served to shares it (and the answer's writer keeps its JSON).
   */
  put(key: K, stamp: string, value: T): void {
    if (this.maxEntries <= 0) return;
    deepFreeze(value);
    this.entries.delete(key);
    this.entries.set(key, { stamp, value, staleAt: performance.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
  }

  /** Entries held (tests, diagnostics). */
  get size(): number {
    return this.entries.size;
  }
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
