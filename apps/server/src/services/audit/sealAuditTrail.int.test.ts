import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { databaseTargets, type TestDatabase } from '../../testing/databases.js';
import { rowsOf } from './auditHash.js';
import { recordAudit } from './recordAudit.js';
import { sealAuditPass, sealAuditTrail, startAuditSealer } from './sealAuditTrail.js';
import { verifyAuditTrail } from './verifyAuditTrail.js';

describe.each(databaseTargets())('sealing the audit trail ($name)', (target) => {
  let testDb: TestDatabase;
  let ctx: { database: Database };
  beforeAll(async () => {
    testDb = await target.create();
    await migrateDatabase(testDb.database);
    ctx = { database: testDb.database };
  });
  afterAll(() => testDb.dispose());

  const write = (n: number) =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        recordAudit(ctx, { action: 'job.view.read', outcome: 'success', jobId: i + 1, detail: { i } }),
      ),
    );

  it('chains rows in id order over many small passes, the chain passing 9 → 10 → 100', async () => {
    await write(120);
    let sealed = 0;
    for (let i = 0; i < 200 && sealed < 120; i++) sealed += (await sealAuditPass(ctx, 7)).sealed;
    expect(sealed).toBe(120);
    const v = await verifyAuditTrail(ctx);
    expect(v).toMatchObject({ ok: true, sealed: 120, unsealed: 0, broken: null });
    const order = rowsOf<{ seq: string; audit_id: string }>(
      await ctx.database.db.execute(
        sql`select c.seq::text as seq, c.audit_id::text as audit_id from audit_chain c order by c.seq`,
      ),
    );
    const ids = order.map((r) => Number(r.audit_id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('keeps one chain while rows are written during sealing, and seals them all', async () => {
    const writing = (async () => {
      for (let i = 0; i < 10; i++) await write(20);
    })();
    // Two sealers at once, as two server processes would run them.
    const sealer = async () => {
      for (let i = 0; i < 20; i++) await sealAuditPass(ctx, 50);
    };
    await Promise.all([writing, sealer(), sealer()]);
    await sealAuditTrail(ctx);
    expect(await verifyAuditTrail(ctx)).toMatchObject({ ok: true, sealed: 320, unsealed: 0 });
  });

  it('the server’s sealer seals what is written while it runs', async () => {
    const log = { warn: (..._: unknown[]) => undefined } as unknown as AppContext['log'];
    const sealer = startAuditSealer({ ...ctx, log });
    try {
      await write(30);
      let v = await verifyAuditTrail(ctx);
      for (let i = 0; i < 100 && v.unsealed > 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        v = await verifyAuditTrail(ctx);
      }
      expect(v).toMatchObject({ ok: true, sealed: 350, unsealed: 0 });
    } finally {
      await sealer.stop();
    }
  });
});
