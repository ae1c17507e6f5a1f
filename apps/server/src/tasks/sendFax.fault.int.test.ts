import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { configWith } from '../config.js';
import type { AppContext } from '../context.js';
import { closeContext, createContext } from '../createContext.js';
import { auditLog, distributions, faxRecords, jobs } from '../db/schema/index.js';
import { createLogger } from '../system/logger.js';
import { createPostgresDatabase } from '../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../testing/factories.js';
import { addCdaDocument, waitFor } from '../testing/faxTestKit.js';
import { TestBrowser } from '../testing/processes/browser.js';
import { type Child, start, stop } from '../testing/processes/childProcess.js';
import { killAtEnvelopes, outboxEnvelopes } from '../testing/processes/faxOutboxKill.js';
import { buildServerBundle } from '../testing/processes/serverBundle.js';

/**
 * The fault test of issue 5: kill the process that sends faxes (SIGKILL) in the middle of a batch,
 * start it again, and every fax is in the outbox exactly once and recorded exactly once. With
 * PostgreSQL (TEST_DATABASE_URL) the victim is `worker.js`; with the embedded PGlite, which one
 * process owns, it is the server (`main.js`) with its in-process worker.
 */
const FAXES = 20;
const KILL_AFTER = 5;
/** Short limits so a task of the killed process is noticed and retried within seconds. */
const FAST = {
  LOG_LEVEL: 'warn',
  DEMO_SEED: 'false',
  FAX_SEND_TIMEOUT_SECONDS: '10',
  FAX_RETRY_DELAY_SECONDS: '1',
  TASK_MAINTENANCE_SECONDS: '1',
};

/** A structure with FAXES jobs that have documents, and one fax queued per job through the API. */
async function queueFaxes(ctx: AppContext) {
  const app = await buildApp(ctx, { webDist: null });
  try {
    const north = await buildStructure(ctx, { name: 'North' });
    const facility = north.facilities[0]!;
    const m = await buildUser(ctx, { username: 'faxer', accounts: [{ companyId: north.structure.id }] });
    const browser = new TestBrowser(app);
    await browser.signInAs('faxer', m.password, m.accounts[0]!.id);
    const jobIds: number[] = [];
    for (let i = 0; i < FAXES; i++) {
      const job = await buildJob(ctx, facility, { stageId: 9, onManualList: true });
      await addCdaDocument(ctx, job.id, i % 2 ? 'Consultation_Note.xml' : 'Progress_Note.xml');
      const res = await browser.post('/api/jobs/Fax', {
        jobIds: [job.id],
        recipients: [
          {
            id: null,
            name: `Dr. Recipient ${i}`,
            faxNumber: `201 555 ${1000 + i}`,
            recipientType: 'Custom',
            faxFlag: true,
          },
        ],
        confirmOutsideContacts: true,
      });
      expect(res.json()).toMatchObject({ success: true });
      jobIds.push(job.id);
    }
    return { jobIds, structureId: north.structure.id, facilityId: facility.id, accountId: m.accounts[0]!.id };
  } finally {
    await app.close();
  }
}

/** Every fax left once (one envelope and PDF per key) and was recorded once on its job. */
async function expectExactlyOnce(ctx: AppContext, dataDir: string, jobIds: number[]) {
  const records = await ctx.database.db.select().from(faxRecords);
  expect(records).toHaveLength(FAXES);
  expect(records.filter((r) => r.status !== 'sent')).toEqual([]);
  const files = (await readdir(join(dataDir, 'fax-outbox'))).filter((f) => !f.startsWith('.')).sort();
  expect(files).toEqual(
    records.flatMap((r) => [`${r.idempotencyKey}.json`, `${r.idempotencyKey}.pdf`]).sort(),
  );
  for (const r of records) {
    const envelope = JSON.parse(
      await readFile(join(dataDir, 'fax-outbox', `${r.idempotencyKey}.json`), 'utf8'),
    );
    expect(envelope).toMatchObject({ key: r.idempotencyKey, faxRecordId: r.id, jobIds: [r.jobId] });
  }
  const sent = await ctx.database.db
    .select()
    .from(distributions)
    .where(and(inArray(distributions.jobId, jobIds), eq(distributions.method, 'fax')));
  expect(sent.map((d) => d.jobId).sort()).toEqual([...jobIds].sort());
  const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'fax.sent'));
  expect(audits.map((a) => a.jobId).sort()).toEqual([...jobIds].sort());
  const faxed = await ctx.database.db
    .select({ faxed: jobs.faxed })
    .from(jobs)
    .where(inArray(jobs.id, jobIds));
  expect(faxed.every((j) => j.faxed)).toBe(true);
  return records;
}

describe('sendFax survives a killed worker', () => {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
  let baseDir: string;
  const children: Child[] = [];

  beforeAll(async () => {
    bundle = await buildServerBundle();
    baseDir = await mkdtemp(join(tmpdir(), 'quill-fault-'));
  });
  afterAll(async () => {
    for (const c of children) await stop(c, 'SIGKILL');
    await bundle?.dispose();
    if (baseDir) await rm(baseDir, { recursive: true, force: true });
  });

  const baseUrl = process.env.TEST_DATABASE_URL;

  // PostgreSQL only when TEST_DATABASE_URL names a server (CI sets it); PGlite always.
  if (baseUrl) {
    it('on PostgreSQL: SIGKILL a worker process mid-batch, start another', { timeout: 240_000 }, async () => {
      const dataDir = await mkdtemp(join(baseDir, 'postgres-'));
      const database = await createPostgresDatabase(baseUrl!);
      const env = { ...FAST, DATA_DIR: dataDir, DATABASE_URL: database.url };
      const config = configWith({ ...env, LOG_LEVEL: 'silent' });
      const ctx = await createContext(config, createLogger(config));
      try {
        const { jobIds } = await queueFaxes(ctx);
        const first = start(join(bundle.dir, 'worker.js'), env);
        children.push(first);
        // Kill it while it is sending: some faxes out, and one between its start and its record.
        const sending = async () =>
          (await ctx.database.db.select().from(faxRecords).where(eq(faxRecords.status, 'sending'))).length >
          0;
        await waitFor(
          async () => (await outboxEnvelopes(dataDir)).length >= KILL_AFTER && (await sending()),
          'the first faxes',
          120_000,
          10,
        );
        await stop(first, 'SIGKILL');
        const atKill = (await outboxEnvelopes(dataDir)).length;
        const inFlight = (
          await ctx.database.db.select().from(faxRecords).where(eq(faxRecords.status, 'sending'))
        ).length;
        expect(atKill).toBeLessThan(FAXES);

        const second = start(join(bundle.dir, 'worker.js'), env);
        children.push(second);
        await waitFor(
          async () => (await ctx.database.db.select().from(faxRecords)).every((r) => r.status === 'sent'),
          `every fax to be sent (worker output: ${second.output.join('')})`,
          150_000,
          250,
        );
        await stop(second, 'SIGTERM');
        const records = await expectExactlyOnce(ctx, dataDir, jobIds);
        console.info(
          `fault test (PostgreSQL): killed after ${atKill}/${FAXES} faxes with ${inFlight} in flight; ` +
            `${records.filter((r) => r.attempts > 1).length} fax(es) took a second try`,
        );
      } finally {
        await closeContext(ctx);
        await database.drop();
      }
    });
  }

  it('on PGlite: SIGKILL the server (and its in-process worker) mid-batch, start it again', {
    timeout: 240_000,
  }, async () => {
    const dataDir = await mkdtemp(join(baseDir, 'pglite-'));
    const env = { ...FAST, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', IN_PROCESS_WORKER: 'true' };
    const config = configWith({ ...env, LOG_LEVEL: 'silent' });
    let ctx = await createContext(config, createLogger(config));
    const queued = await queueFaxes(ctx).finally(() => closeContext(ctx));

    // Kill the server the moment an envelope appears: that fax has left but is not yet recorded.
    const atKill = await killAtEnvelopes(join(bundle.dir, 'main.js'), env, KILL_AFTER, children);
    expect(atKill).toBeLessThan(FAXES);
    // What the killed server left behind (the database is ours again while no server runs).
    ctx = await createContext(config, createLogger(config));
    const left = await ctx.database.db
      .select()
      .from(faxRecords)
      .finally(() => closeContext(ctx));
    const unrecorded = left.filter((r) => r.status !== 'sent').length - (FAXES - atKill);
    expect(left.filter((r) => r.status === 'sent').length).toBeLessThanOrEqual(atKill);

    // The embedded database has one owner: watch the restarted server through its API.
    const second = start(join(bundle.dir, 'main.js'), env);
    children.push(second);
    let origin = '';
    await waitFor(
      async () => {
        origin = /running at (http:\/\/[^\s]+)/.exec(second.output.join(''))?.[1] ?? '';
        return origin !== '';
      },
      `the server to start (output: ${second.output.join('')})`,
      60_000,
    );
    const cookies = new Map<string, string>();
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${origin}${path}`, {
        method,
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [k, v] = pair!.split('=');
        cookies.set(k!, v ?? '');
      }
      return res;
    };
    await call('GET', '/api/account/authenticated');
    expect(
      (await call('POST', '/api/account/login', { username: 'faxer', password: 'secret-password' })).status,
    ).toBe(200);
    expect((await call('POST', `/api/Account/SetUserSummary/${queued.accountId}`)).status).toBe(200);
    await waitFor(
      async () => {
        const rows = (await (
          await call('GET', `/api/jobs/alljobs?corpId=${queued.structureId}&cfs=${queued.facilityId}`)
        ).json()) as { faxed: boolean }[];
        return rows.length === FAXES && rows.every((r) => r.faxed);
      },
      `every job to show faxed (server output: ${second.output.join('')})`,
      150_000,
      500,
    );
    await stop(second, 'SIGTERM');

    ctx = await createContext(config, createLogger(config));
    try {
      const records = await expectExactlyOnce(ctx, dataDir, queued.jobIds);
      console.info(
        `fault test (PGlite): killed after ${atKill}/${FAXES} faxes, ${unrecorded} delivered but not recorded, ` +
          `${left.filter((r) => r.status === 'sending').length} in flight; ` +
          `${records.filter((r) => r.attempts > 1).length} fax(es) took a second try`,
      );
    } finally {
      await closeContext(ctx);
    }
  });
});
