import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { message } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  distributionErrors,
  distributions,
  documentVersions,
  faxRecords,
  jobs,
} from '../../db/schema/index.js';
import { transactionSql } from '../../db/transactionSql.js';
import { unavailable, unprocessable } from '../../errors/domainErrors.js';
import { sendFaxTask } from '../../tasks/sendFax.js';
import { queueName } from '../../tasks/taskQueue.js';
import { startWorker } from '../../tasks/worker.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { addCdaDocument, waitFor } from '../../testing/faxTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import { deliverFax } from './deliverFax.js';
import { type FaxMessage, type FaxTransport, PermanentFaxError } from './transports/faxTransport.js';
import { outboxTransport } from './transports/outboxTransport.js';

/** A transport outside our system that fails the way it is told to (test-only fake). */
function failingTransport(error: () => Error): FaxTransport & { sent: FaxMessage[] } {
  const sent: FaxMessage[] = [];
  return {
    name: 'fake',
    sent,
    findDelivered: async () => null,
    async send(m) {
      sent.push(m);
      throw error();
    },
  };
}

/** The real outbox transport, counting what reaches it. */
function countingOutbox(dataDir: string) {
  const inner = outboxTransport(dataDir);
  const calls = { find: 0, send: 0 };
  const transport: FaxTransport = {
    name: inner.name,
    findDelivered: (key) => {
      calls.find++;
      return inner.findDelivered(key);
    },
    send: (m) => {
      calls.send++;
      return inner.send(m);
    },
  };
  return { transport, calls };
}

describe.each(databaseTargets())('delivering a fax on $name', (target) => {
  let t: TestApp;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let manager: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { name: 'North' });
    const m = await buildUser(t.ctx, { accounts: [{ companyId: north.structure.id }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs(m.user.username, m.password, m.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  /** A job with a document, faxed to one recipient through the API: answers the job and its fax record. */
  const queueFax = async (recipient = 'Dr. Olivia Walsh') => {
    const job = await buildJob(t.ctx, north.facilities[0]!, { stageId: 13, onManualList: true });
    await addCdaDocument(t.ctx, job.id);
    const res = await manager.post('/api/jobs/Fax', {
      jobIds: [job.id],
      recipients: [
        { id: null, name: recipient, faxNumber: '201 555 0101', recipientType: 'Custom', faxFlag: true },
      ],
      confirmOutsideContacts: true,
    });
    expect(res.json()).toMatchObject({ success: true });
    const [record] = await t.ctx.database.db.select().from(faxRecords).where(eq(faxRecords.jobId, job.id));
    return { jobId: job.id, record: record! };
  };
  const recordOf = async (id: number) =>
    (await t.ctx.database.db.select().from(faxRecords).where(eq(faxRecords.id, id)))[0]!;
  const jobOf = async (id: number) =>
    (await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  it('retries a transient failure, then records the final one: distribution error, failed queue', async () => {
    const { jobId, record } = await queueFax();
    const transport = failingTransport(() => new Error('connection refused by gateway'));
    await expect(deliverFax(t.ctx, record.id, { transport, finalAttempt: false })).rejects.toThrow(
      'connection refused by gateway',
    );
    expect(await recordOf(record.id)).toMatchObject({
      status: 'sending',
      attempts: 1,
      lastError: 'connection refused by gateway',
    });
    expect((await jobOf(jobId)).stageId).toBe(13);
    expect(await deliverFax(t.ctx, record.id, { transport, finalAttempt: true })).toBe('failed');
    expect(transport.sent).toHaveLength(2);
    expect(transport.sent[1]!.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await recordOf(record.id)).toMatchObject({ status: 'failed', attempts: 2 });
    const job = await jobOf(jobId);
    expect(job).toMatchObject({ stageId: 4, faxed: false });
    const description = message('fax.distributionError', {
      name: 'Dr. Olivia Walsh',
      number: '2015550101',
      reason: 'connection refused by gateway',
    });
    expect(description).toBe('Fax to Dr. Olivia Walsh at 2015550101 failed: connection refused by gateway');
    const details = (await manager.get(`/api/jobs/jobdetails?jobId=${jobId}`)).json();
    expect(details.distributionErrors.map((e: { description: string }) => e.description)).toEqual([
      description,
    ]);
    const failed = (
      await manager.get(
        `/api/jobs/dist?status=FAILED&corpId=${north.structure.id}&cfs=${north.facilities[0]!.id}`,
      )
    ).json() as { jobId: number; stageId: number; stageName: string }[];
    expect(failed.find((r) => r.jobId === jobId)).toMatchObject({ stageId: 4, stageName: 'Fax Failed' });
    const [d] = await t.ctx.database.db.select().from(distributions).where(eq(distributions.jobId, jobId));
    expect(d).toMatchObject({ method: 'fax', status: 'failed' });
    // A failed fax is final: another try (e.g. a duplicate task) changes nothing.
    expect(await deliverFax(t.ctx, record.id, { transport, finalAttempt: true })).toBe('skipped');
    expect(transport.sent).toHaveLength(2);
  });

  it('fails at once, without retries, on a permanent error or a job whose document is gone', async () => {
    const first = await queueFax();
    const rejected = failingTransport(() => new PermanentFaxError('the gateway rejected the number'));
    expect(await deliverFax(t.ctx, first.record.id, { transport: rejected, finalAttempt: false })).toBe(
      'failed',
    );
    expect((await recordOf(first.record.id)).lastError).toBe('the gateway rejected the number');

    const second = await queueFax();
    await t.ctx.database.db.delete(documentVersions).where(eq(documentVersions.jobId, second.jobId));
    const never = failingTransport(() => new Error('not reached'));
    expect(await deliverFax(t.ctx, second.record.id, { transport: never, finalAttempt: false })).toBe(
      'failed',
    );
    expect(never.sent).toEqual([]);
    const [error] = await t.ctx.database.db
      .select()
      .from(distributionErrors)
      .where(eq(distributionErrors.jobId, second.jobId));
    expect(error!.description).toMatch(/^Fax to Dr\. Olivia Walsh at 2015550101 failed: /);
    expect((await jobOf(second.jobId)).stageId).toBe(4);
  });

  it('decides from the kind of a domain error: a dependency down is retried, an unreadable document is not', async () => {
    const down = await queueFax();
    const waiting = failingTransport(() => unavailable('LibreOffice is not installed'));
    await expect(
      deliverFax(t.ctx, down.record.id, { transport: waiting, finalAttempt: false }),
    ).rejects.toThrow('LibreOffice is not installed');
    expect(await recordOf(down.record.id)).toMatchObject({
      status: 'sending',
      lastError: 'LibreOffice is not installed',
    });

    const unreadable = await queueFax();
    const broken = failingTransport(() => unprocessable('The document cannot be read.'));
    expect(await deliverFax(t.ctx, unreadable.record.id, { transport: broken, finalAttempt: false })).toBe(
      'failed',
    );
  });

  it('is idempotent: a second run of the same record sends nothing more', async () => {
    const { jobId, record } = await queueFax('Dr. Twice');
    const { transport, calls } = countingOutbox(t.dataDir);
    expect(await deliverFax(t.ctx, record.id, { transport, finalAttempt: false })).toBe('sent');
    const outbox = join(t.dataDir, 'fax-outbox');
    const envelope = join(outbox, `${record.idempotencyKey}.json`);
    const before = await stat(envelope);
    expect(await deliverFax(t.ctx, record.id, { transport, finalAttempt: false })).toBe('skipped');
    expect(calls).toEqual({ find: 1, send: 1 });
    expect((await readdir(outbox)).filter((f) => f.startsWith(record.idempotencyKey))).toHaveLength(2);
    expect((await stat(envelope)).mtimeMs).toBe(before.mtimeMs);
    expect(
      await t.ctx.database.db.select().from(distributions).where(eq(distributions.jobId, jobId)),
    ).toHaveLength(1);
    expect((await jobOf(jobId)).faxed).toBe(true);
  });

  it('after a crash between delivering and recording, the retry records the earlier delivery', async () => {
    const { jobId, record } = await queueFax('Dr. Crash');
    const { transport, calls } = countingOutbox(t.dataDir);
    // The worker delivered the fax, then died before it could record it.
    await transport.send({
      key: record.idempotencyKey,
      faxRecordId: record.id,
      faxNumber: record.faxNumber,
      recipientName: record.recipientName,
      pdf: Buffer.from('%PDF-1.7 delivered before the crash'),
      pages: 1,
      jobIds: [jobId],
    });
    await t.ctx.database.db
      .update(faxRecords)
      .set({ status: 'sending', attempts: 1 })
      .where(eq(faxRecords.id, record.id));
    expect(await deliverFax(t.ctx, record.id, { transport, finalAttempt: false })).toBe('sent');
    expect(calls).toEqual({ find: 1, send: 1 });
    expect(await recordOf(record.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      transportReference: `fax-outbox/${record.idempotencyKey}.json`,
    });
    expect((await jobOf(jobId)).faxed).toBe(true);
  });

  it('enqueues tasks inside the caller’s transaction: rolled back, no task exists', async () => {
    const id = '6f1d9a52-4d0b-4c55-9a51-1b0f3d1e2a01';
    await expect(
      t.ctx.database.db.transaction(async (tx) => {
        await t.ctx.tasks.insert(sendFaxTask, [{ id, payload: { faxRecordId: 1 } }], {
          db: transactionSql(tx),
        });
        const inside = await transactionSql(tx).executeSql(
          'select count(*)::int as n from pgboss.job where id = $1',
          [id],
        );
        expect(inside.rows[0]!.n).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await t.ctx.tasks.boss.getJobById(queueName(sendFaxTask), id)).toBeNull();
    const ordered = await t.ctx.database.db.select().from(faxRecords).orderBy(asc(faxRecords.id));
    expect(ordered.length).toBeGreaterThan(0);
  });
});

describe.each(databaseTargets())('the sendFax task through the worker on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    // A transport that always fails: HylaFAX's sendfax is not installed here.
    t = await createTestApp(target, {
      FAX_TRANSPORT: 'hylafax',
      FAX_SENDFAX_PATH: '/nonexistent/sendfax',
      FAX_FAXSTAT_PATH: '/nonexistent/faxstat',
      FAX_RETRY_LIMIT: '1',
      FAX_RETRY_DELAY_SECONDS: '1',
    });
  });
  afterAll(async () => t?.close());

  it('retries with the configured limit, and the last try records the failure on the job', async () => {
    const north = await buildStructure(t.ctx, { name: 'North' });
    const m = await buildUser(t.ctx, { accounts: [{ companyId: north.structure.id }] });
    const manager = new TestBrowser(t.app);
    await manager.signInAs(m.user.username, m.password, m.accounts[0]!.id);
    const job = await buildJob(t.ctx, north.facilities[0]!, { stageId: 8 });
    await addCdaDocument(t.ctx, job.id);
    const res = await manager.post('/api/jobs/Fax', {
      jobIds: [job.id],
      recipients: [
        { id: null, name: 'Dr. Retry', faxNumber: '201 555 0101', recipientType: 'Custom', faxFlag: true },
      ],
      confirmOutsideContacts: true,
    });
    expect(res.json()).toMatchObject({ success: true });
    const worker = await startWorker(t.ctx);
    try {
      await waitFor(
        async () => (await t.ctx.database.db.select().from(faxRecords))[0]?.status === 'failed',
        'the fax to fail for good',
        30_000,
      );
    } finally {
      await worker.stop();
    }
    const [record] = await t.ctx.database.db.select().from(faxRecords);
    expect(record).toMatchObject({ status: 'failed', attempts: 2, transport: 'hylafax' });
    expect(record!.lastError).toMatch(/^sendfax was not found at "\/nonexistent\/sendfax"/);
    const [error] = await t.ctx.database.db
      .select()
      .from(distributionErrors)
      .where(eq(distributionErrors.jobId, job.id));
    expect(error!.description).toBe(`Fax to Dr. Retry at 2015550101 failed: ${record!.lastError}`);
    const [row] = await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.stageId).toBe(4);
    // pg-boss saw the last try succeed (the failure is recorded, not thrown), so it stops there.
    const task = await t.ctx.tasks.boss.getJobById(queueName(sendFaxTask), record!.idempotencyKey);
    expect(task).toMatchObject({ state: 'completed', retryCount: 1 });
  });
});
