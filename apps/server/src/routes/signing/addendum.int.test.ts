import { PERMISSIONS, SAVE_MODES, STAGES } from '@quill/core';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, distributions, documentVersions, jobs } from '../../db/schema/index.js';
import { startWorker, type Worker } from '../../tasks/worker.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { waitFor } from '../../testing/faxTestKit.js';
import { buildEditorWorld, jobDataBody } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { addSigner, documentHash, narrativeEdit, signaturesOf } from '../../testing/signingTestKit.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Issue 43, addenda: a correction after distribution opens the Finished job with a reason
 * (POST /api/job/addendum), keeps the original version and its signature, is signed by the author
 * and distributed again to the same recipients; Cancel leaves the job Finished.
 */
describe.each(databaseTargets())('addenda on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildEditorWorld>>;
  let ed: TestBrowser;
  let house: Awaited<ReturnType<typeof addSigner>>;
  let worker: Worker;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildEditorWorld(t.ctx);
    ed = await w.browser(t.app, 0);
    house = await addSigner(t.ctx, t.app, { companyId: w.north.structure.id, physicianId: w.docs[0]!.id });
    worker = await startWorker(t.ctx);
  }, 120_000);
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  const db = () => t.ctx.database.db;
  const jobOf = async (id: number) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const finished = (id: number, what: string) =>
    waitFor(async () => (await jobOf(id)).stageId === STAGES.finished.id, what, 60_000);
  const deliveriesOf = (jobId: number) =>
    db()
      .select()
      .from(distributions)
      .where(and(eq(distributions.jobId, jobId), eq(distributions.preliminary, false)))
      .orderBy(asc(distributions.id));
  const versionsOf = (jobId: number) =>
    db()
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.jobId, jobId), eq(documentVersions.isDraft, false)))
      .orderBy(asc(documentVersions.version));
  const sign = async (jobId: number) => {
    const res = await house.browser.post('/api/signing/sign', {
      jobs: [{ jobId, version: (await jobOf(jobId)).version }],
      password: house.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const addendum = async (jobId: number, reason = 'Wrong dose of metoprolol', as = ed) =>
    as.post('/api/job/addendum', { jobId, version: (await jobOf(jobId)).version, reason });
  const cancel = (jobId: number, cookie: string) =>
    ed.post(`/api/job/cancelbooking?jobId=${jobId}&bookingCookie=${encodeURIComponent(cookie)}`);
  const save = async (
    jobId: number,
    cookie: string,
    text: string | null,
    saveMode: number = SAVE_MODES.moveOn,
  ) =>
    ed.post('/api/job/savejob', {
      jobId,
      version: (await jobOf(jobId)).version,
      bookingCookie: cookie,
      saveMode,
      setJobDataRequest: jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${jobId}`)).json()),
      ...(text ? { cda: await narrativeEdit(ed, jobId, text) } : {}),
    });

  /** A job its dictator signed through the API, distributed by itself and Finished. */
  async function finishedJob() {
    const job = await w.makeJob({ stageId: STAGES.eSignature.id, signed: false });
    await sign(job.id);
    await finished(job.id, 'the signed job to be distributed');
    return job;
  }

  it('an addendum keeps the original version and is distributed again', async () => {
    const job = await finishedJob();
    const [original] = await versionsOf(job.id);
    const [firstSignature] = await signaturesOf(t.ctx, job.id);
    const firstDeliveries = await deliveriesOf(job.id);
    expect(firstDeliveries.map((d) => d.status)).toEqual(['sent']);

    const opened = await addendum(job.id);
    expect(opened.statusCode, opened.body).toBe(200);
    const { bookingCookie, addendum: facts } = opened.json();
    expect(facts).toMatchObject({ reason: 'Wrong dose of metoprolol', ofVersion: original!.version });
    expect(facts.signedAt).toBe(firstSignature!.signedAt.toISOString());
    expect((await jobOf(job.id)).stageId).toBe(410);

    const saved = await save(job.id, bookingCookie, 'Metoprolol 25 mg twice daily, not 250 mg.');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().stageId).toBe(STAGES.eSignature.id);
    const versions = await versionsOf(job.id);
    expect(versions.map((v) => [v.version, v.addendumOfVersion, v.addendumReason])).toEqual([
      [original!.version, null, null],
      [saved.json().version, original!.version, 'Wrong dose of metoprolol'],
    ]);
    expect(versions[0]!.blobKey).toBe(original!.blobKey);
    const [kept] = await signaturesOf(t.ctx, job.id);
    expect(kept!.voidedAt).toBeNull();
    expect(await documentHash(t.ctx, kept!.documentVersionId)).toBe(kept!.documentSha256);
    expect(await jobOf(job.id)).toMatchObject({
      forceResign: true,
      resignReason: 'Addendum: Wrong dose of metoprolol',
    });
    const queue = (await house.browser.get('/api/signing/queue')).json();
    expect(JSON.stringify(queue)).toContain(`"jobId":${job.id}`);

    const signed = await sign(job.id);
    expect(signed.signed[0]).toMatchObject({ meaning: 'author', stageId: STAGES.pendingFax.id });
    await finished(job.id, 'the addendum to be distributed again');
    const deliveries = await deliveriesOf(job.id);
    const again = deliveries.filter((d) => d.jobVersion === saved.json().version);
    expect(again.map((d) => [d.recipientId, d.method, d.status])).toEqual(
      firstDeliveries.map((d) => [d.recipientId, d.method, 'sent']),
    );
    const live = (await signaturesOf(t.ctx, job.id)).filter((s) => s.voidedAt === null);
    expect(live.map((s) => s.documentVersionId)).toEqual([original!.id, versions[1]!.id]);
    expect(await jobOf(job.id)).toMatchObject({ forceResign: false, resignReason: null });

    const printed = await ed.get(`/api/file/download/${job.id}.rtf`);
    expect(printed.statusCode).toBe(200);
    expect(printed.body).toContain('Addendum');
    expect(printed.body).toContain('Wrong dose of metoprolol');

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'job.addendum')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.detail)).not.toContain('metoprolol');
  }, 180_000);

  it('Cancel, or a save that leaves the text alone, keeps the job Finished and sends nothing again', async () => {
    const job = await finishedJob();
    const before = await jobOf(job.id);
    const deliveries = (await deliveriesOf(job.id)).length;
    const opened = await addendum(job.id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await db().select().from(bookings).where(eq(bookings.jobId, job.id))).toMatchObject([
      { restoreStageId: STAGES.finished.id, addendumReason: 'Wrong dose of metoprolol' },
    ]);
    expect((await cancel(job.id, opened.json().bookingCookie)).json().success).toBe(true);
    expect(await jobOf(job.id)).toMatchObject({ stageId: STAGES.finished.id, version: before.version });

    const again = await addendum(job.id, 'Second thoughts');
    const dataOnly = await save(job.id, again.json().bookingCookie, null);
    expect(dataOnly.statusCode, dataOnly.body).toBe(200);
    expect(dataOnly.json().stageId).toBe(STAGES.finished.id);
    expect(await jobOf(job.id)).toMatchObject({ stageId: STAGES.finished.id, forceResign: false });
    expect(await db().select().from(bookings).where(eq(bookings.jobId, job.id))).toEqual([]);
    expect(await deliveriesOf(job.id)).toHaveLength(deliveries);
    expect((await versionsOf(job.id)).every((v) => v.addendumOfVersion === null)).toBe(true);
  }, 120_000);

  it('refuses: another tenant 404, not Finished 409, a newer version 409, no jobEditText 403, no reason 400', async () => {
    const job = await finishedJob();
    const south = await buildUser(t.ctx, { accounts: [{ companyId: w.south.structure.id }] });
    const other = new TestBrowser(t.app);
    await other.signInAs(south.user.username, south.password, south.accounts[0]!.id);
    expect((await addendum(job.id, 'Wrong', other)).statusCode).toBe(404);

    const noText = await buildUser(t.ctx, {
      accounts: [
        { companyId: w.north.structure.id, permissions: PERMISSIONS.filter((p) => p !== 'jobEditText') },
      ],
    });
    const reader = new TestBrowser(t.app);
    await reader.signInAs(noText.user.username, noText.password, noText.accounts[0]!.id);
    expect((await addendum(job.id, 'Wrong', reader)).statusCode).toBe(403);

    // A save since the caller read the job (version 2): its version 2 is stale.
    await db().update(jobs).set({ version: 3 }).where(eq(jobs.id, job.id));
    const stale = await ed.post('/api/job/addendum', { jobId: job.id, version: 2, reason: 'Wrong' });
    expect(stale.statusCode).toBe(409);
    const blank = await ed.post('/api/job/addendum', { jobId: job.id, version: 1, reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Say why the document needs an addendum');

    const open = await w.makeJob({ stageId: STAGES.eSignature.id });
    const notFinished = await addendum(open.id);
    expect(notFinished.statusCode).toBe(409);
    expect(notFinished.json().error.message).toContain('is not Finished');
    expect((await jobOf(job.id)).stageId).toBe(STAGES.finished.id);
    const refused = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'job.addendum'))
      .orderBy(desc(auditLog.id));
    expect(refused.filter((a) => a.jobId === job.id && a.outcome === 'success')).toEqual([]);
  }, 120_000);
});
