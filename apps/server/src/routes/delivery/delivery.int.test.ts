import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { message } from '@quill/core';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  distributionErrors,
  distributions,
  faxRecords,
  jobs,
  recipients,
  workTypeSigning,
} from '../../db/schema/index.js';
import { startWorker, type Worker } from '../../tasks/worker.js';
import { databaseTargets } from '../../testing/databases.js';
import { addFailedDelivery, fakeHylafax } from '../../testing/deliveryTestKit.js';
import { buildUser } from '../../testing/factories.js';
import { waitFor } from '../../testing/faxTestKit.js';
import { buildEditorWorld, jobDataBody } from '../../testing/jobEditorTestKit.js';
import type { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Issue 43, automatic distribution: a job that a save moves on to distribution is delivered by
 * itself — faxes through a HylaFAX-like transport (fake sendfax/faxstat), print onto the manual
 * distribution list, electronic to the outbox — and reaches Finished; a failing number moves it to
 * Fax Failed with a distribution error; Retry and Redirect; other tenant 404, permission 403.
 */
const BAD = '2015550199';

describe.each(databaseTargets())('automatic distribution on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildEditorWorld>>;
  let ed: TestBrowser;
  let worker: Worker;
  let fax: Awaited<ReturnType<typeof fakeHylafax>>;
  let binDir: string;

  beforeAll(async () => {
    binDir = await mkdtemp(join(tmpdir(), 'quill-delivery-'));
    fax = await fakeHylafax(binDir, [BAD]);
    t = await createTestApp(target, { ...fax.env, FAX_RETRY_LIMIT: '1', FAX_RETRY_DELAY_SECONDS: '1' });
    w = await buildEditorWorld(t.ctx);
    ed = await w.browser(t.app, 0);
    worker = await startWorker(t.ctx);
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    if (binDir) await rm(binDir, { recursive: true, force: true });
  });

  const db = () => t.ctx.database.db;
  const jobOf = async (id: number) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const deliveriesOf = (jobId: number) =>
    db().select().from(distributions).where(eq(distributions.jobId, jobId)).orderBy(asc(distributions.id));
  const custom = (jobId: number, fax: string, method = 'fax', ordinal = 1) => ({
    jobId,
    custom: { firstName: 'Nora', lastName: 'Faxwell', fax },
    distributionMethod: method,
    ordinal,
  });

  /** A signed job (one fax addressee, Dr. House) with `extra` recipients, moved on by a save. */
  async function moveOn(
    extra: (jobId: number) => (typeof recipients.$inferInsert)[],
    values: Parameters<typeof w.makeJob>[0] = {},
    stages = [8, 9, 10],
  ) {
    const job = await w.makeJob({ adt: { 'PID.3.1': 'MRN-1' }, ...values });
    const more = extra(job.id);
    if (more.length) await db().insert(recipients).values(more);
    const booked = await ed.post('/api/job/bookoutjob', { jobId: job.id });
    const data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    const res = await ed.post('/api/job/savejob', {
      jobId: job.id,
      version: 1,
      bookingCookie: booked.json().bookingCookie,
      saveMode: 1,
      setJobDataRequest: { ...data, stat: 'U' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(stages).toContain(res.json().stageId);
    return job;
  }

  it('two fax recipients, one print and one electronic: the job reaches Finished by itself', async () => {
    const job = await moveOn((jobId) => [
      custom(jobId, '201 555 0102'),
      { jobId, physicianId: w.docs[1]!.id, distributionMethod: 'print', ordinal: 2 },
      { jobId, physicianId: w.docs[2]!.id, distributionMethod: 'electronic', ordinal: 3 },
    ]);
    await waitFor(async () => (await jobOf(job.id)).stageId === 13, 'the job to be Finished', 60_000);

    const rows = await deliveriesOf(job.id);
    expect(rows.map((d) => [d.method, d.status, d.jobVersion, d.attempts])).toEqual([
      ['fax', 'sent', 2, 1],
      ['fax', 'sent', 2, 1],
      ['print', 'sent', 2, 1],
      ['electronic', 'sent', 2, 1],
    ]);
    const after = await jobOf(job.id);
    expect(after).toMatchObject({ faxed: true, onManualList: true });
    expect(after.distributedAt).toBeInstanceOf(Date);

    const records = await db().select().from(faxRecords).where(eq(faxRecords.jobId, job.id));
    expect(records.map((r) => [r.status, r.faxNumber, r.transport]).sort()).toEqual([
      ['sent', '2015550100', 'hylafax'],
      ['sent', '2015550102', 'hylafax'],
    ]);
    expect(records.map((r) => r.idempotencyKey).sort()).toEqual(
      rows
        .filter((d) => d.method === 'fax')
        .map((d) => d.deliveryKey)
        .sort(),
    );
    const sent = (await fax.submitted()).filter((l) => records.some((r) => l.includes(r.idempotencyKey)));
    expect(sent).toHaveLength(2);

    const electronic = rows.find((d) => d.method === 'electronic')!;
    const outbox = await readdir(join(t.dataDir, 'electronic-outbox'));
    expect(outbox.filter((f) => f.startsWith(`${electronic.deliveryKey}.`)).sort()).toEqual([
      `${electronic.deliveryKey}.json`,
      `${electronic.deliveryKey}.pdf`,
      `${electronic.deliveryKey}.xml`,
    ]);

    const audits = await db().select().from(auditLog).where(eq(auditLog.jobId, job.id));
    const actions = audits.map((a) => a.action);
    expect(actions.filter((a) => a === 'delivery.sent')).toHaveLength(4);
    expect(actions.filter((a) => a === 'delivery.finished')).toHaveLength(1);
    expect(actions.filter((a) => a === 'delivery.start')).toHaveLength(1);

    const list = await ed.get(`/api/jobs/deliveries?jobId=${job.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { status: string }) => d.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(list.json().map((d: { recipientName: string }) => d.recipientName)).toContain('Nora Faxwell');
  }, 90_000);

  it('two recipients at one number get one fax, each recorded; a failing shared number fails both', async () => {
    const otto = (jobId: number, fax: string) => ({
      ...custom(jobId, fax, 'fax', 2),
      custom: { firstName: 'Otto', lastName: 'Samefax', fax },
    });
    const job = await moveOn((jobId) => [custom(jobId, '201 555 0104'), otto(jobId, '2015550104')]);
    await waitFor(async () => (await jobOf(job.id)).stageId === 13, 'the job to be Finished', 60_000);
    const rows = await deliveriesOf(job.id);
    expect(rows.map((d) => [d.method, d.status])).toEqual([
      ['fax', 'sent'],
      ['fax', 'sent'],
      ['fax', 'sent'],
    ]);
    const records = await db().select().from(faxRecords).where(eq(faxRecords.jobId, job.id));
    const shared = records.find((r) => r.faxNumber === '2015550104')!;
    expect(records).toHaveLength(2);
    expect(shared).toMatchObject({
      status: 'sent',
      idempotencyKey: `j${job.id}-v2-fax2015550104-final`,
      recipientName: 'Nora Faxwell; Otto Samefax',
    });
    expect(rows.filter((d) => d.faxRecordId === shared.id)).toHaveLength(2);
    expect((await fax.submitted()).filter((l) => l.includes(shared.idempotencyKey))).toHaveLength(1);
    const sentAudits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'delivery.sent')));
    expect(sentAudits).toHaveLength(3);
    const list = (await ed.get(`/api/jobs/deliveries?jobId=${job.id}`)).json();
    expect(list.map((d: { recipientName: string; status: string }) => [d.recipientName, d.status])).toEqual(
      expect.arrayContaining([
        ['Nora Faxwell', 'sent'],
        ['Otto Samefax', 'sent'],
      ]),
    );

    const failing = await moveOn((jobId) => [custom(jobId, '201 555 0199'), otto(jobId, BAD)]);
    await waitFor(async () => (await jobOf(failing.id)).stageId === 4, 'the job to be Fax Failed', 60_000);
    const both = (await deliveriesOf(failing.id)).filter((d) => d.status === 'failed');
    expect(both).toHaveLength(2);
    expect(both[0]!.faxRecordId).toBe(both[1]!.faxRecordId);
    const errors = await db()
      .select()
      .from(distributionErrors)
      .where(eq(distributionErrors.jobId, failing.id));
    expect(errors.map((e) => e.description.split(' failed')[0]).sort()).toEqual([
      `Fax to Nora Faxwell at ${BAD}`,
      `Fax to Otto Samefax at ${BAD}`,
    ]);
    const [badRecord] = await db().select().from(faxRecords).where(eq(faxRecords.id, both[0]!.faxRecordId!));
    // The lead's two tries (FAX_RETRY_LIMIT 1); the other recipient's delivery never sent its own.
    expect(badRecord).toMatchObject({ status: 'failed', attempts: 2 });
  }, 90_000);

  it('skipPrint and skipExport leave those deliveries out', async () => {
    const job = await moveOn((jobId) => [
      { jobId, physicianId: w.docs[1]!.id, distributionMethod: 'print', ordinal: 2 },
      { jobId, physicianId: w.docs[2]!.id, distributionMethod: 'electronic', ordinal: 3 },
    ]).then(async (j) => j);
    // The save started them; a second start for the same version writes nothing new.
    const first = await deliveriesOf(job.id);
    expect(first.map((d) => d.method).sort()).toEqual(['electronic', 'fax', 'print']);
    const skipping = await w.makeJob({ adt: { 'PID.3.1': 'MRN-1' }, skipPrint: true, skipExport: true });
    await db()
      .insert(recipients)
      .values([
        { jobId: skipping.id, physicianId: w.docs[1]!.id, distributionMethod: 'print', ordinal: 2 },
        { jobId: skipping.id, physicianId: w.docs[2]!.id, distributionMethod: 'electronic', ordinal: 3 },
      ]);
    const { startDistribution } = await import('../../services/delivery/startDistribution.js');
    await db().transaction((tx) => startDistribution(t.ctx, tx, skipping.id));
    await db().transaction((tx) => startDistribution(t.ctx, tx, skipping.id));
    expect((await deliveriesOf(skipping.id)).map((d) => d.method)).toEqual(['fax']);
    await waitFor(async () => (await jobOf(job.id)).stageId === 13, 'the first job to finish', 60_000);
  }, 90_000);

  it('a failing fax number: Fax Failed with a distribution error; Retry after fixing the number finishes it', async () => {
    const job = await moveOn((jobId) => [custom(jobId, '201 555 0199')]);
    await waitFor(async () => (await jobOf(job.id)).stageId === 4, 'the job to be Fax Failed', 60_000);
    const failed = (await deliveriesOf(job.id)).find((d) => d.status === 'failed')!;
    expect(failed).toMatchObject({ method: 'fax', attempts: 2 });
    expect(failed.lastError).toBe(`sendfax failed: sendfax: Unable to deliver to ${BAD}`);
    const errors = await db().select().from(distributionErrors).where(eq(distributionErrors.jobId, job.id));
    expect(errors.map((e) => e.description)).toEqual([
      `Fax to Nora Faxwell at ${BAD} failed: sendfax failed: sendfax: Unable to deliver to ${BAD}`,
    ]);
    const details = (await ed.get(`/api/jobs/jobdetails?jobId=${job.id}`)).json();
    expect(details.distributionErrors).toHaveLength(1);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'delivery.failed')));
    expect(audited.map((a) => a.outcome)).toEqual(['failure']);

    // The number is fixed on the recipient; Retry tries the same delivery again.
    await db()
      .update(recipients)
      .set({ custom: { firstName: 'Nora', lastName: 'Faxwell', fax: '201 555 0103' } })
      .where(eq(recipients.id, failed.recipientId!));
    const retry = await ed.post('/api/jobs/deliveries/retry', { jobIds: [job.id] });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().queued.map((d: { id: number }) => d.id)).toEqual([failed.id]);
    await waitFor(async () => (await jobOf(job.id)).stageId === 13, 'the retried job to finish', 60_000);
    const [record] = await db()
      .select()
      .from(faxRecords)
      .where(eq(faxRecords.idempotencyKey, failed.deliveryKey!));
    expect(record).toMatchObject({ status: 'sent', faxNumber: '2015550103' });
    const lines = await fax.submitted();
    expect(lines.filter((l) => l.includes(failed.deliveryKey!))).toHaveLength(1);
    const [house] = (await deliveriesOf(job.id)).filter((d) => d.id !== failed.id);
    expect(lines.filter((l) => l.includes(house!.deliveryKey!))).toHaveLength(1);
    expect((await deliveriesOf(job.id)).map((d) => d.status)).toEqual(['sent', 'sent']);
  }, 90_000);

  it('Redirect: a failed fax goes by print instead, and the job finishes', async () => {
    const job = await moveOn((jobId) => [custom(jobId, '201 555 0199')]);
    await waitFor(async () => (await jobOf(job.id)).stageId === 4, 'the job to be Fax Failed', 60_000);
    const failed = (await deliveriesOf(job.id)).find((d) => d.status === 'failed')!;
    const res = await ed.post('/api/jobs/deliveries/redirect', {
      deliveryId: failed.id,
      method: 'print',
      recipientId: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().queued).toMatchObject([
      { method: 'print', status: 'queued', recipientName: 'Nora Faxwell' },
    ]);
    await waitFor(async () => (await jobOf(job.id)).stageId === 13, 'the redirected job to finish', 60_000);
    const rows = await deliveriesOf(job.id);
    expect(rows.find((d) => d.id === failed.id)).toMatchObject({ status: 'redirected' });
    expect(rows.find((d) => d.id === failed.id)!.redirectedToId).toBe(res.json().queued[0].id);
    // Only a failed delivery can be redirected.
    const again = await ed.post('/api/jobs/deliveries/redirect', {
      deliveryId: failed.id,
      method: 'print',
      recipientId: null,
    });
    expect(again.statusCode).toBe(409);
    // A fax redirect needs a valid number; a recipient of another job is refused.
    const next = await addFailedDelivery(t.ctx, job.id);
    const noNumber = await ed.post('/api/jobs/deliveries/redirect', {
      deliveryId: next,
      method: 'fax',
      recipientId: null,
      faxNumber: 'call me',
    });
    expect(noNumber.statusCode).toBe(400);
    const strange = await ed.post('/api/jobs/deliveries/redirect', {
      deliveryId: next,
      method: 'print',
      recipientId: 999_999,
    });
    expect(strange.statusCode).toBe(400);
    // A failed delivery without a recipient of its own (a fax to a number typed for it) needs one chosen.
    await db().update(distributions).set({ recipientId: null }).where(eq(distributions.id, next));
    const nobody = await ed.post('/api/jobs/deliveries/redirect', {
      deliveryId: next,
      method: 'print',
      recipientId: null,
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.message).toBe(message('delivery.chooseRecipient', { id: next }));
    expect((await deliveriesOf(job.id)).find((d) => d.id === next)).toMatchObject({ status: 'failed' });
  }, 90_000);

  it('the sweep starts a job left in distribution without deliveries of its version; older ones are replaced', async () => {
    const { sweepDistributions } = await import('../../services/delivery/sweepDistributions.js');
    // Distributed at version 1 (its fax failed), then back in Pending Fax at version 2 without a
    // save that started it (a booking released after a save-only).
    const job = await w.makeJob({ stageId: 8, version: 2 });
    const [house] = await db().select().from(recipients).where(eq(recipients.jobId, job.id));
    const [old] = await db()
      .insert(distributions)
      .values({
        jobId: job.id,
        recipientId: house!.id,
        method: 'fax',
        status: 'failed',
        jobVersion: 1,
        deliveryKey: `j${job.id}-v1-r${house!.id}-fax-final`,
      })
      .returning();
    // A job in distribution from before automatic distribution: left as it is.
    const legacy = await w.makeJob({ stageId: 9, onManualList: true });
    // A job back in Pending Fax whose deliveries of its version were all made: settled (Finished).
    const done = await w.makeJob({ stageId: 8 });
    const [doneTo] = await db().select().from(recipients).where(eq(recipients.jobId, done.id));
    await db()
      .insert(distributions)
      .values({
        jobId: done.id,
        recipientId: doneTo!.id,
        method: 'fax',
        status: 'sent',
        jobVersion: 1,
        deliveryKey: `j${done.id}-v1-r${doneTo!.id}-fax-final`,
      });
    await sweepDistributions(t.ctx);
    expect(await jobOf(done.id)).toMatchObject({ stageId: 13 });
    await waitFor(async () => (await jobOf(job.id)).stageId === 13, 'the swept job to finish', 60_000);
    const rows = await deliveriesOf(job.id);
    expect(rows.map((d) => [d.jobVersion, d.status])).toEqual([
      [1, 'redirected'],
      [2, 'sent'],
    ]);
    expect(rows[0]!.redirectedToId).toBe(rows[1]!.id);
    expect(old!.id).toBe(rows[0]!.id);
    expect(await deliveriesOf(legacy.id)).toEqual([]);
    expect((await jobOf(legacy.id)).stageId).toBe(9);
    // Nothing is left to sweep: a second sweep starts nothing.
    expect(await sweepDistributions(t.ctx)).toBe(0);
  }, 90_000);

  it('pre-sign distribution: preliminary copies when the job enters ES, the final ones after signing', async () => {
    await db().insert(workTypeSigning).values({ workTypeId: w.wt.id, preSignDistribution: true });
    try {
      const job = await moveOn(() => [], { signed: false }, [11]);
      await waitFor(
        async () => (await deliveriesOf(job.id)).every((d) => d.status === 'sent'),
        'the preliminary copy to be sent',
        60_000,
      );
      const [pre] = await deliveriesOf(job.id);
      expect(pre).toMatchObject({ method: 'fax', preliminary: true, status: 'sent' });
      expect(pre!.deliveryKey).toMatch(/-pre$/);
      expect((await jobOf(job.id)).stageId).toBe(11);
      // What the signing service does once the job is signed: distribution stage, final deliveries.
      await db().update(jobs).set({ signed: true, stageId: 8 }).where(eq(jobs.id, job.id));
      const { startDistribution } = await import('../../services/delivery/startDistribution.js');
      await db().transaction((tx) => startDistribution(t.ctx, tx, job.id));
      await waitFor(async () => (await jobOf(job.id)).stageId === 13, 'the signed job to finish', 60_000);
      const rows = await deliveriesOf(job.id);
      expect(rows.map((d) => [d.preliminary, d.status])).toEqual([
        [true, 'sent'],
        [false, 'sent'],
      ]);
      const lines = await fax.submitted();
      for (const d of rows) expect(lines.filter((l) => l.includes(d.deliveryKey!))).toHaveLength(1);
    } finally {
      await db().delete(workTypeSigning).where(eq(workTypeSigning.workTypeId, w.wt.id));
    }
  }, 90_000);

  it('another tenant’s job answers 404, without the queue permission 403; each audited', async () => {
    const job = await w.makeJob();
    const deliveryId = await addFailedDelivery(t.ctx, job.id);
    const south = await buildUser(t.ctx, { accounts: [{ companyId: w.south.structure.id }] });
    const outsider = await (async () => {
      const { TestBrowser } = await import('../../testing/processes/browser.js');
      const b = new TestBrowser(t.app);
      await b.signInAs(south.user.username, south.password, south.accounts[0]!.id);
      return b;
    })();
    const viewer = await buildUser(t.ctx, {
      accounts: [{ companyId: w.north.structure.id, permissions: ['jobView'] }],
    });
    const { TestBrowser } = await import('../../testing/processes/browser.js');
    const onlyView = new TestBrowser(t.app);
    await onlyView.signInAs(viewer.user.username, viewer.password, viewer.accounts[0]!.id);
    const redirect = { deliveryId, method: 'print', recipientId: null };

    const since = async () =>
      (await db().select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;
    const rowsAfter = (id: number, userId: number) =>
      db()
        .select()
        .from(auditLog)
        .where(and(gt(auditLog.id, id), eq(auditLog.userId, userId)));

    let mark = await since();
    expect((await outsider.get(`/api/jobs/deliveries?jobId=${job.id}`)).statusCode).toBe(404);
    expect((await outsider.post('/api/jobs/deliveries/retry', { jobIds: [job.id] })).statusCode).toBe(404);
    expect((await outsider.post('/api/jobs/deliveries/redirect', redirect)).statusCode).toBe(404);
    expect((await rowsAfter(mark, south.user.id)).map((r) => r.outcome)).toEqual([
      'notFound',
      'notFound',
      'notFound',
    ]);

    mark = await since();
    expect((await onlyView.get(`/api/jobs/deliveries?jobId=${job.id}`)).statusCode).toBe(200);
    expect((await onlyView.post('/api/jobs/deliveries/retry', { jobIds: [job.id] })).statusCode).toBe(403);
    expect((await onlyView.post('/api/jobs/deliveries/redirect', redirect)).statusCode).toBe(403);
    expect((await rowsAfter(mark, viewer.user.id)).map((r) => r.outcome)).toEqual([
      'success',
      'denied',
      'denied',
    ]);

    mark = await since();
    expect((await ed.post('/api/jobs/deliveries/redirect', redirect)).statusCode).toBe(200);
    expect((await rowsAfter(mark, w.editors[0]!.user.id)).map((r) => [r.action, r.outcome])).toEqual([
      ['delivery.redirect', 'success'],
    ]);
    expect(
      (await ed.post('/api/jobs/deliveries/redirect', { ...redirect, deliveryId: 987_654 })).statusCode,
    ).toBe(404);
  }, 90_000);
});
