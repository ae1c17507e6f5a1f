import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type pg from 'pg';

/**
 * drizzle-orm 0.45's pooled `transaction()` sends BEGIN before its try/finally, so a BEGIN that
 * fails (the connection dropped between checkout and BEGIN — PostgreSQL restarting) never gives
 * the client back: each outage leaked a pool slot until calls waited on an empty pool, and the
 * server could not shut down (drizzle-team/drizzle-orm#6241, open upstream). It also gives a
 * client whose ROLLBACK failed back to the pool as healthy. This replaces the session's
 * `transaction` with the same steps, BEGIN inside the guard, and a client whose transaction could
 * not start or end cleanly released with its error, so pg-pool destroys it instead of lending it
 * out again. Remove when drizzle releases the client itself (docs/decisions.md).
 */
export function releaseClientsOnFailure(db: unknown, pool: pg.Pool): void {
  const outer = (db as { session: NodePgSession<Record<string, unknown>, never> }).session;
  const { dialect, schema, options } = outer as unknown as {
    dialect: ConstructorParameters<typeof NodePgSession>[1];
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
  };
  outer.transaction = async (work, config) => {
    const client = await pool.connect();
    const session = new NodePgSession(client, dialect, schema, options);
    const tx = new NodePgTransaction(dialect, session, schema);
    let began = false;
    let broken: Error | undefined;
    try {
      await tx.execute(sql`begin`);
      if (config) await tx.setTransaction(config);
      began = true;
      const result = await work(tx as never);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      if (!began) broken = error as Error;
      else
        await tx.execute(sql`rollback`).catch((failure: Error) => {
          broken = failure;
        });
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
