import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import type { AppContext } from './context.js';
import { closeContext } from './createContext.js';
import { DEMO_PASSWORD, seedDemo } from './demo/seed.js';
import { rowsOf } from './services/audit/auditHash.js';
import { sealAuditTrail } from './services/audit/sealAuditTrail.js';
import { databaseTargets } from './testing/databases.js';
import { TestBrowser } from './testing/processes/browser.js';
import { commandWorld } from './testing/processes/commandLine.js';

/** Some audited calls by the demo manager: sign-in, account choice, the list, one job's details. */
async function auditedCalls(ctx: AppContext) {
  const app = await buildApp(ctx, { webDist: null });
  const b = new TestBrowser(app);
  await b.signIn('manager', DEMO_PASSWORD);
  const summaries = (await b.get('/api/Account/GetUserSummaries')).json() as { memberId: number }[];
  await b.post(`/api/Account/SetUserSummary/${summaries[0]!.memberId}`);
  const [job] = rowsOf<{ id: number }>(
    await ctx.database.db.execute(sql`select id from jobs order by id limit 1`),
  );
  expect((await b.get(`/api/job/GetJobDetails?jobId=${job!.id}`)).statusCode).toBe(200);
  await app.close();
}

describe.each(databaseTargets())('npm run audit -- verify ($name)', (target) => {
  let world: Awaited<ReturnType<typeof commandWorld>>;
  let tampered: number;

  beforeAll(async () => {
    world = await commandWorld(target, 'audit.ts');
    const ctx = await world.open();
    await seedDemo(ctx.database, ctx.blobs, { jobs: 12 });
    await auditedCalls(ctx);
    await sealAuditTrail(ctx);
    await auditedCalls(ctx); // a tail written after the last sealing pass
    await closeContext(ctx);
  }, 180_000);
  afterAll(() => world.dispose());

  it('passes on the demo data, counting the sealed rows and the unsealed tail', async () => {
    const run = await world.run('verify');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Audit trail OK: \d+ sealed row\(s\) verified \(head \d+: [0-9a-f]{64}\); \d+ newer row\(s\) not sealed yet\.$/m,
    );
    const sealed = await world.run('seal');
    expect(sealed.stdout).toMatch(/^Sealed [1-9]\d* audit row\(s\)\.$/m);
    expect((await world.run('verify')).stdout).not.toMatch(/not sealed yet/);
  }, 120_000);

  it('refuses UPDATE, DELETE and TRUNCATE of the trail, superuser included', async () => {
    const ctx = await world.open();
    try {
      const db = ctx.database.db;
      for (const statement of [
        sql`update audit_log set outcome = 'denied'`,
        sql`delete from audit_log`,
        sql`truncate audit_log cascade`,
        sql`update audit_chain set hash = 'x'`,
        sql`delete from audit_chain`,
        sql`truncate audit_chain`,
      ]) {
        const refused = await db.execute(statement).then(
          () => null,
          (err: Error) => err,
        );
        expect(String((refused?.cause as Error | undefined)?.message)).toMatch(
          /the audit trail is append-only/,
        );
      }
    } finally {
      await closeContext(ctx);
    }
  });

  it('names the row a superuser changed behind the triggers, and exits 1', async () => {
    const ctx = await world.open();
    try {
      await ctx.database.db.transaction(async (tx) => {
        // Triggers off for this transaction: what only a superuser can do.
        await tx.execute(sql`set local session_replication_role = replica`);
        const [row] = rowsOf<{ id: string }>(
          await tx.execute(sql`update audit_log set outcome = 'denied'
            where id = (select audit_id from audit_chain order by seq offset 3 limit 1) returning id::text as id`),
        );
        tampered = Number(row!.id);
      });
    } finally {
      await closeContext(ctx);
    }
    const run = await world.run('verify');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `^Audit trail BROKEN at audit row ${tampered} \\(written \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z, chain position 4\\): its columns were changed after it was sealed\\.`,
        'm',
      ),
    );
  }, 120_000);
});
