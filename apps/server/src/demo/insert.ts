import { getTableColumns, getTableName, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** The part of a Drizzle database or transaction the seed needs. */
export type Executor = Pick<Db, 'execute'>;

/** Runs a query and answers its rows, whichever driver is behind the executor. */
export async function queryRows<T>(tx: Executor, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Inserts rows (typed like Drizzle's insert values) in chunks, one statement per chunk that expands
 * a single JSON parameter with json_populate_recordset. That keeps statements far below the bind
 * parameter limit and is several times faster than one placeholder per value, on PGlite and pg.
 */
export async function insertRows<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: T['$inferInsert'][],
  chunkSize = 2000,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)) as [string, { name: string; default?: unknown }][];
  const present = columns.filter(([key]) =>
    rows.some((r) => (r as Record<string, unknown>)[key] !== undefined),
  );
  // json_populate_recordset yields null for a missing key, so constant column defaults are filled in here.
  const fallback = present.map(([, c]) =>
    c.default === undefined || c.default instanceof SQL ? null : c.default,
  );
  const names = present.map(([, c]) => `"${c.name}"`).join(', ');
  const tableName = getTableName(table);
  const tableSql = sql.identifier(tableName);
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize).map((row) => {
      const out: Record<string, unknown> = {};
      present.forEach(([key, col], i) => {
        out[col.name] = (row as Record<string, unknown>)[key] ?? fallback[i];
      });
      return out;
    });
    const json = JSON.stringify(chunk);
    try {
      await tx.execute(
        sql`insert into ${tableSql} (${sql.raw(names)}) select ${sql.raw(names)} from json_populate_recordset(null::${tableSql}, ${json}::json)`,
      );
    } catch (err) {
      // The driver's error carries the whole JSON parameter; keep the message short.
      const e = err as { message?: string; detail?: string; cause?: { message?: string; detail?: string } };
      const message = e.cause?.message ?? e.message;
      const detail = e.cause?.detail ?? e.detail;
      throw new Error(`Seeding ${tableName} failed: ${message}${detail ? ` (${detail.slice(0, 300)})` : ''}`);
    }
  }
}

/** The largest id of each table (0 when empty), so the seed can assign ids itself. */
export async function maxIds(tx: Executor, tables: PgTable[]): Promise<Map<PgTable, number>> {
  const out = new Map<PgTable, number>();
  for (const table of tables) {
    const rows = await queryRows<{ m: number | string }>(
      tx,
      sql`select coalesce(max(id), 0) as m from ${sql.identifier(getTableName(table))}`,
    );
    out.set(table, Number(rows[0]?.m ?? 0));
  }
  return out;
}

/** Moves each table's id sequence past the ids the seed assigned. */
export async function syncSequences(tx: Executor, tables: PgTable[]): Promise<void> {
  for (const table of tables) {
    const name = getTableName(table);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${name}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.identifier(name)}), false)`,
    );
  }
}
