import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configWith } from '../config.js';
import type { AppContext } from '../context.js';
import { closeContext, createContext } from '../createContext.js';
import { auditLog, distributions, faxRecords, jobs, recipients } from '../db/schema/index.js';
import { startDistribution } from '../services/delivery/startDistribution.js';
import { createLogger } from '../system/logger.js';
import { createPostgresDatabase } from '../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../testing/factories.js';
import { addCdaDocument, waitFor } from '../testing/faxTestKit.js';
import { type Child, start, stop } from '../testing/processes/childProcess.js';
import { killAtEnvelopes, outboxEnvelopes } from '../testing/processes/faxOutboxKill.js';
import { waitForFinishedInDatabase, waitForFinishedThroughApi } from '../testing/processes/finishedJobs.js';
import { buildServerBundle } from '../testing/processes/serverBundle.js';

/**
 * Issue 43's fault test of automatic distribution: kill the process delivering (SIGKILL) while
 * faxes leave, start it again, and every delivery was made exactly once — one envelope per fax
 * delivery in the outbox, one sent row and one audit row per delivery — and every job is Finished.
 * With PostgreSQL (TEST_DATABASE_URL) the victim is `worker.js`; with the embedded PGlite, which
 * one process owns, the server (`main.js`) with its in-process worker.
 */
const JOBS = 8;
const FAXES = JOBS * 2;
const KILL_AFTER = 4;
const FAST = {
  LOG_LEVEL: 'warn',
  DEMO_SEED: 'false',
  FAX_SEND_TIMEOUT_SECONDS: '10',
  FAX_RETRY_DELAY_SECONDS: '1',
  TASK_MAINTENANCE_SECONDS: '1',
};

/** JOBS signed jobs in Pending Fax, each to two fax recipients and one print, distribution started. */
async function distribute(ctx: AppContext) {
  const north = await buildStructure(ctx, { name: 'North' });
  const facility = north.facilities[0]!;
  const m = await buildUser(ctx, { username: 'distributor', accounts: [{ companyId: north.structure.id }] });
  const jobIds: number[] = [];
  for (let i = 0; i < JOBS; i++) {
    const job = await buildJob(ctx, facility, { stageId: 8, signed: true });
    await addCdaDocument(ctx, job.id, i % 2 ? 'Consultation_Note.xml' : 'Progress_Note.xml');
    await ctx.database.db.insert(recipients).values([
      {
        jobId: job.id,
        custom: { firstName: 'Ann', lastName: `Fax ${i}`, fax: `201 555 ${2000 + i}` },
        distributionMethod: 'fax',
      },
      {
        jobId: job.id,
        custom: { firstName: 'Bob', lastName: `Fax ${i}`, fax: `201 555 ${3000 + i}` },
        distributionMethod: 'fax',
      },
      { jobId: job.id, custom: { firstName: 'Cy', lastName: `Print ${i}` }, distributionMethod: 'print' },
    ]);
    await ctx.database.db.transaction((tx) => startDistribution(ctx, tx, job.id));
    jobIds.push(job.id);
  }
  return { jobIds, structureId: north.structure.id, facilityId: facility.id, user: m };
}

/** Every delivery made once: one envelope and PDF per fax key, one sent row and one audit row each. */
async function expectExactlyOnce(ctx: AppContext, dataDir: string, jobIds: number[]) {
  const rows = await ctx.database.db.select().from(distributions).where(inArray(distributions.jobId, jobIds));
  expect(rows).toHaveLength(JOBS * 3);
  expect(rows.filter((d) => d.status !== 'sent')).toEqual([]);
  const records = await ctx.database.db.select().from(faxRecords);
  expect(records).toHaveLength(FAXES);
  const files = (await readdir(join(dataDir, 'fax-outbox'))).filter((f) => !f.startsWith('.')).sort();
  expect(files).toEqual(
    rows
      .filter((d) => d.method === 'fax')
      .flatMap((d) => [`${d.deliveryKey}.json`, `${d.deliveryKey}.pdf`])
      .sort(),
  );
  const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'delivery.sent'));
  expect(audits.map((a) => (a.detail as { deliveryId: number }).deliveryId).sort()).toEqual(
    rows.map((d) => d.id).sort(),
  );
  const stages = await ctx.database.db
    .select({ stageId: jobs.stageId })
    .from(jobs)
    .where(inArray(jobs.id, jobIds));
  expect(stages.every((j) => j.stageId === 13)).toBe(true);
  return rows;
}

describe('automatic distribution survives a killed worker', () => {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  let baseDir: string;
  const children: Child[] = [];

  beforeAll(async () => {
    bundle = await buildServerBundle();
    baseDir = await mkdtemp(join(tmpdir(), 'quill-delivery-fault-'));
  }, 180_000);
  afterAll(async () => {
    for (const c of children) await stop(c, 'SIGKILL');
    await bundle?.dispose();
    if (baseDir) await rm(baseDir, { recursive: true, force: true });
  });

  const baseUrl = process.env.TEST_DATABASE_URL;

  if (baseUrl) {
    it('on PostgreSQL: SIGKILL a worker process mid-delivery, start another', {
      timeout: 240_000,
    }, async () => {
      const dataDir = await mkdtemp(join(baseDir, 'postgres-'));
      const database = await createPostgresDatabase(baseUrl!);
      const env = { ...FAST, DATA_DIR: dataDir, DATABASE_URL: database.url };
      const config = configWith({ ...env, LOG_LEVEL: 'silent' });
      const ctx = await createContext(config, createLogger(config));
      try {
        const { jobIds } = await distribute(ctx);
        const first = start(join(bundle.dir, 'worker.js'), env);
        children.push(first);
        await waitFor(
          async () => (await outboxEnvelopes(dataDir)).length >= KILL_AFTER,
          'the first faxes',
          120_000,
          10,
        );
        await stop(first, 'SIGKILL');
        const atKill = (await outboxEnvelopes(dataDir)).length;
        expect(atKill).toBeLessThan(FAXES);

        const second = start(join(bundle.dir, 'worker.js'), env);
        children.push(second);
        await waitForFinishedInDatabase(ctx, jobIds, second);
        await stop(second, 'SIGTERM');
        const rows = await expectExactlyOnce(ctx, dataDir, jobIds);
        console.info(
          `delivery fault test (PostgreSQL): killed after ${atKill}/${FAXES} faxes; ` +
            `${rows.filter((d) => d.attempts > 1).length} delivery(ies) took a second try`,
        );
      } finally {
        await closeContext(ctx);
        await database.drop();
      }
    });
  }

  it('on PGlite: SIGKILL the server (and its in-process worker) mid-delivery, start it again', {
    timeout: 240_000,
  }, async () => {
    const dataDir = await mkdtemp(join(baseDir, 'pglite-'));
    const env = { ...FAST, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', IN_PROCESS_WORKER: 'true' };
    const config = configWith({ ...env, LOG_LEVEL: 'silent' });
    let ctx = await createContext(config, createLogger(config));
    const set = await distribute(ctx).finally(() => closeContext(ctx));

    // Kill the server the moment an envelope appears: that fax has left but is not yet recorded.
    const atKill = await killAtEnvelopes(join(bundle.dir, 'main.js'), env, KILL_AFTER, children);
    expect(atKill).toBeLessThan(FAXES);

    // The embedded database has one owner: watch the restarted server through its API.
    const second = start(join(bundle.dir, 'main.js'), env);
    children.push(second);
    await waitForFinishedThroughApi(
      second,
      { username: 'distributor', password: set.user.password, accountId: set.user.accounts[0]!.id },
      { structureId: set.structureId, facilityId: set.facilityId, count: JOBS },
    );
    await stop(second, 'SIGTERM');

    ctx = await createContext(config, createLogger(config));
    try {
      const rows = await expectExactlyOnce(ctx, dataDir, set.jobIds);
      console.info(
        `delivery fault test (PGlite): killed after ${atKill}/${FAXES} faxes; ` +
          `${rows.filter((d) => d.attempts > 1).length} delivery(ies) took a second try`,
      );
    } finally {
      await closeContext(ctx);
    }
  });
});
