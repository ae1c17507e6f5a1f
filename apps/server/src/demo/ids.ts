import type { PgTable } from 'drizzle-orm/pg-core';

/** Hands out ids per table, starting after the largest id already stored. */
export class IdCounter {
  constructor(private readonly last: Map<PgTable, number>) {}

  /** The next id of the table. */
  next(table: PgTable): number {
    const id = (this.last.get(table) ?? 0) + 1;
    this.last.set(table, id);
    return id;
  }
}

/** A deterministic version-4-shaped UUID from four 32-bit random words. */
export function uuidFrom(words: [number, number, number, number]): string {
  const hex = words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
