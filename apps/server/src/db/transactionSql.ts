import { type SQL, sql } from 'drizzle-orm';
import type { Db, ExecuteSql } from './client.js';

/**
 * A raw SQL runner (pg-boss's `db` option) that runs on a Drizzle transaction, so a task is
 * enqueued in the same transaction as the rows it works on: both exist, or neither does.
 * `$n` placeholders become Drizzle parameters; a number used twice becomes two parameters with the
 * same value, so give it statements whose placeholders have explicit types (pg-boss's bulk insert).
 */
export function transactionSql(tx: Db): { executeSql: ExecuteSql } {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((piece, i) => {
        if (i % 2 === 0) chunks.push(sql.raw(piece));
        else chunks.push(sql`${sql.param(values[Number(piece) - 1])}`);
      });
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows?: Record<string, unknown>[] };
      return { rows: result.rows ?? [] };
    },
  };
}
