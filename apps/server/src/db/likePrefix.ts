import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A LIKE pattern matching values that start with `text` (its own %, _ and \ taken literally). */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column` starts with `text`, ignoring case, written as `lower(column) like 'text%'` so that a
 * btree index on `lower(column) text_pattern_ops` serves it (`ilike` uses no btree index).
 */
export function startsWithIgnoringCase(column: AnyColumn, text: string): SQL {
  return sql`lower(${column}) like ${likePrefix(text.toLowerCase())}`;
}
