import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
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
  const chainedIds = async () =>
    rowsOf<{ audit_id: string }>(
      await ctx.database.db.execute(sql`select audit_id::text as audit_id from audit_chain order by seq`),
    ).map((r) => Number(r.audit_id));

  it('chains rows in id order over many small passes, the chain passing 9 → 10 → 100', async () => {
    await write(120);
    let sealed = 0;
    for (let i = 0; i < 200 && sealed < 120; i++) sealed += (await sealAuditPass(ctx, 7)).sealed;
    expect(sealed).toBe(120);
    const v = await verifyAuditTrail(ctx);
    expect(v).toMatchObject({ ok: true, sealed: 120, unsealed: 0, broken: null });
    const ids = await chainedIds();
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
      // Until the 30 are chained: a verify that reads the chain before a pass and counts the
      // unsealed rows after it sees 320 sealed and none waiting.
      for (let i = 0; i < 100 && (v.unsealed > 0 || v.sealed < 350); i++) {
        await new Promise((r) => setTimeout(r, 100));
        v = await verifyAuditTrail(ctx);
      }
      expect(v).toMatchObject({ ok: true, sealed: 350, unsealed: 0 });
    } finally {
      await sealer.stop();
    }
  });

  // PostgreSQL only: other connections and other databases (PGlite has one connection, so no
  // transaction of its own or of another database is ever open while it seals).
  if (target.name === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL!;
    /** Runs `body` while a transaction on `url` that ran `statements` stays open. */
    const whileOpen = async (url: string, statements: string[], body: (open: pg.Client) => Promise<void>) => {
      const open = new pg.Client({ connectionString: url });
      await open.connect();
      try {
        await open.query('begin');
        for (const statement of statements) await open.query(statement);
        await body(open);
      } finally {
        await open.end();
      }
    };
    /** Writes `n` rows and expects one sealing to chain them all. */
    const writeAndSealAll = async (n: number) => {
      const before = (await verifyAuditTrail(ctx)).sealed;
      await write(n);
      await sealAuditTrail(ctx);
      expect(await verifyAuditTrail(ctx)).toMatchObject({ ok: true, sealed: before + n, unsealed: 0 });
    };

    it('is not held back by a transaction left open in another database of the server (issue 41)', async () => {
      const other = `quill_other_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${other}`);
        const url = new URL(baseUrl);
        url.pathname = `/${other}`;
        await whileOpen(url.toString(), ['select txid_current()'], () => writeAndSealAll(20));
      } finally {
        await admin.query(`drop database if exists ${other} with (force)`);
        await admin.end();
      }
    });

    it('nor by one open in this database that writes no audit row (reads the trail, vacuum’s lock)', async () => {
      const statements = [
        'select txid_current()',
        'select count(*) from audit_log',
        'lock table audit_log in share update exclusive mode',
      ];
      await whileOpen(testDb.url!, statements, () => writeAndSealAll(10));
    });

    it('seals nothing past a row whose transaction in this database is still open, then all in id order', async () => {
      await whileOpen(testDb.url!, [], async (open) => {
        const { rows } = await open.query(
          `insert into audit_log (action, outcome) values ('job.view.read', 'success') returning id::text as id`,
        );
        const openId = Number(rows[0].id);
        await write(10);
        await sealAuditTrail(ctx);
        expect(Math.max(...(await chainedIds()))).toBeLessThan(openId);
        expect(await verifyAuditTrail(ctx)).toMatchObject({ ok: true, unsealed: 10 });
        await open.query('commit');
      });
      const before = (await verifyAuditTrail(ctx)).sealed;
      await sealAuditTrail(ctx);
      expect(await verifyAuditTrail(ctx)).toMatchObject({ ok: true, sealed: before + 11, unsealed: 0 });
      const ids = await chainedIds();
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    });
  }
});
