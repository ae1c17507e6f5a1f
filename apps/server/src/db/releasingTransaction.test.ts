import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { releaseClientsOnFailure } from './releasingTransaction.js';

/**
 * A pool whose connections answer as PostgreSQL would while it restarts: the statements named in
 * `failing` reject with a lost connection, the rest succeed. Records how each client went back.
 */
function restartingPool(failing: readonly string[]) {
  const released: (Error | undefined)[] = [];
  const sent: string[] = [];
  const client = {
    query: async (query: string | { text: string }) => {
      const text = typeof query === 'string' ? query : query.text;
      sent.push(text);
      if (failing.includes(text)) throw new Error('Connection terminated unexpectedly');
      return { rows: [], fields: [], rowCount: 0, command: text };
    },
    release: (err?: Error) => {
      released.push(err);
    },
  };
  const pool = { connect: async () => client } as unknown as pg.Pool;
  const db = drizzle(pool);
  releaseClientsOnFailure(db, pool);
  return { db, released, sent };
}

describe('transactions on a pool whose connection drops (drizzle-orm#6241)', () => {
  it('gives the client back, as broken, when BEGIN fails, and runs nothing of the work', async () => {
    const { db, released, sent } = restartingPool(['begin']);
    let ran = false;
    await expect(
      db.transaction(async () => {
        ran = true;
      }),
    ).rejects.toThrow();
    expect(ran).toBe(false);
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error);
    expect(sent).toEqual(['begin']);
  });

  it('gives the client back as broken when the work fails and ROLLBACK fails too', async () => {
    const { db, released } = restartingPool(['select 1', 'rollback']);
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error);
  });

  it('gives a healthy client back for reuse after a commit or a clean rollback', async () => {
    const { db, released, sent } = restartingPool(['select 1']);
    await db.transaction(async (tx) => tx.execute(sql`select 2`));
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(released).toEqual([undefined, undefined]);
    expect(sent).toEqual(['begin', 'select 2', 'commit', 'begin', 'select 1', 'rollback']);
  });
});
