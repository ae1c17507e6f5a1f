import { createHash } from 'node:crypto';
import { LIMITS, message, SAVE_MODES, STAGES } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  distributions,
  documentVersions,
  jobNotes,
  jobs,
  physicians,
  signInThrottle,
  workTypeSigning,
  workTypes,
} from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob } from '../../testing/factories.js';
import { jobDataBody } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import {
  addSigner,
  bookOut,
  narrativeEdit,
  signatureState,
  signaturesOf,
} from '../../testing/signingTestKit.js';
import { wordSuite } from '../../testing/wopiTestKit.js';

type Signer = Awaited<ReturnType<typeof addSigner>>;

/**
 * Issue 43 "API tests" of signing: the To sign queue, signing one and many with the password asked
 * again, refusals that sign nothing, a resident's signature waiting for the co-signer, an edit after
 * signing, return for correction, signing on behalf, and a work type that needs no signature.
 */
describe.each(databaseTargets())('signing on $name', (target) => {
  const app = wordSuite(target);
  let house: Signer;
  let cuddy: Signer;
  let wilson: Signer;
  let viewOnly: Signer;
  let delegate: Signer;
  let residentType: number;

  const db = () => app.t.ctx.database.db;
  const stored = async (id: number) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;
  /** A job waiting in ES for House's signature (a CDA document, one fax addressee). */
  const esJob = (values: Parameters<typeof app.w.makeJob>[0] = {}) =>
    app.w.makeJob({ stageId: STAGES.eSignature.id, signed: false, ...values });
  const sign = (who: Signer, list: { id: number; version: number }[], password = who.password) =>
    who.browser.post('/api/signing/sign', {
      jobs: list.map((j) => ({ jobId: j.id, version: j.version })),
      password,
    });
  const queue = async (who: Signer) => {
    const res = await who.browser.get('/api/signing/queue');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: { jobId: number; meaning: string }[]; count: number };
  };
  const auditRows = (jobId: number, action: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, jobId), eq(auditLog.action, action)));

  beforeAll(async () => {
    const { w, t } = app;
    const cs = w.north.structure.id;
    const [house_, cuddy_, wilson_] = w.docs;
    house = await addSigner(t.ctx, t.app, { companyId: cs, physicianId: house_!.id });
    cuddy = await addSigner(t.ctx, t.app, { companyId: cs, physicianId: cuddy_!.id });
    wilson = await addSigner(t.ctx, t.app, { companyId: cs, physicianId: wilson_!.id });
    viewOnly = await addSigner(t.ctx, t.app, {
      companyId: cs,
      physicianId: house_!.id,
      permissions: ['jobView'],
    });
    delegate = await addSigner(t.ctx, t.app, { companyId: cs, physicianId: null, delegateOf: [house_!.id] });
    // Wilson is a resident; the Resident Note work type names Cuddy as the attending.
    await db().update(physicians).set({ residentFlag: true }).where(eq(physicians.id, wilson_!.id));
    const [wt] = await db()
      .insert(workTypes)
      .values({ corporateStructureId: cs, clientFacilityId: w.cf.id, name: 'Resident Note', number: 21 })
      .returning();
    residentType = wt!.id;
    await db().insert(workTypeSigning).values({ workTypeId: wt!.id, attendingPhysicianId: cuddy_!.id });
  }, 120_000);

  it('the queue lists the jobs awaiting the account, with the full count; patient fields need the permission', async () => {
    const job = await esJob();
    const before = await queue(house);
    const row = before.rows.find((r) => r.jobId === job.id);
    expect(row).toMatchObject({
      meaning: 'author',
      version: 1,
      forceResign: false,
      onBehalfOf: null,
      patientName: 'Everyman, Adam',
      dictatorName: 'Gregory House',
      workType: 'Progress Note',
    });
    expect(before.count).toBe(before.rows.length);
    expect(before.count).toBeLessThanOrEqual(LIMITS.toSignPage);
    expect((await house.browser.get('/api/signing/count')).json()).toEqual({ count: before.count });
    const hidden = (await queue(viewOnly)).rows.find((r) => r.jobId === job.id);
    expect(hidden).toMatchObject({ patientName: null, patientMRN: null });
    // Not Cuddy's, and an account without a physician has nothing to sign.
    expect((await queue(cuddy)).rows.map((r) => r.jobId)).not.toContain(job.id);
    const [read] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, house.user.id), eq(auditLog.action, 'signing.queue.read')));
    expect(read?.detail).toMatchObject({ jobIds: expect.arrayContaining([job.id]) });
  });

  it('signs one: the signature holds the document hash, the job moves to distribution, audited', async () => {
    const job = await esJob();
    const res = await sign(house, [job]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signed).toEqual([
      { jobId: job.id, meaning: 'author', stageId: STAGES.pendingFax.id, signedAt: expect.any(String) },
    ]);
    const [sig] = await signaturesOf(app.t.ctx, job.id);
    const [doc] = await db().select().from(documentVersions).where(eq(documentVersions.jobId, job.id));
    const bytes = await app.t.ctx.blobs.get(doc!.blobKey);
    expect(sig).toMatchObject({
      documentVersionId: doc!.id,
      documentSha256: createHash('sha256').update(bytes).digest('hex'),
      meaning: 'author',
      physicianId: app.w.docs[0]!.id,
      accountId: house.account.id,
      onBehalf: false,
      jobVersion: 1,
      voidedAt: null,
    });
    expect(await stored(job.id)).toMatchObject({
      signed: true,
      forceResign: false,
      resignReason: null,
      stageId: STAGES.pendingFax.id,
    });
    expect((await stored(job.id)).signedAt?.toISOString()).toBe(sig!.signedAt.toISOString());
    const [audit] = await auditRows(job.id, 'job.sign');
    expect(audit).toMatchObject({ outcome: 'success', accountId: house.account.id });
    expect(audit!.detail).toMatchObject({ meaning: 'author', onBehalf: false, version: 1 });
    expect((await queue(house)).rows.map((r) => r.jobId)).not.toContain(job.id);
    const sigs = (await house.browser.get(`/api/signing/signatures?jobId=${job.id}`)).json();
    expect(sigs).toEqual([
      expect.objectContaining({
        meaning: 'author',
        signer: 'Gregory House',
        onBehalf: false,
        voided: false,
        formattedSignedAt: expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d E[SD]T$/),
      }),
    ]);
  });

  it('signs many at once, all in one call', async () => {
    const list = [await esJob(), await esJob(), await esJob()];
    const res = await sign(house, list);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signed.map((s: { jobId: number }) => s.jobId)).toEqual(list.map((j) => j.id));
    for (const j of list)
      expect(await stored(j.id)).toMatchObject({ signed: true, stageId: STAGES.pendingFax.id });
  });

  it('a wrong password: 403, nothing signed, audited as a failed signature', async () => {
    const list = [await esJob(), await esJob()];
    const res = await sign(house, list, 'not-the-password');
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.message).toBe(message('signatureRules.wrongPassword'));
    for (const j of list) {
      expect(await signaturesOf(app.t.ctx, j.id)).toEqual([]);
      expect(await stored(j.id)).toMatchObject({ signed: false, stageId: STAGES.eSignature.id });
    }
    const failed = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.userId, house.user.id),
          eq(auditLog.action, 'job.sign'),
          eq(auditLog.outcome, 'failure'),
        ),
      );
    expect(failed.at(-1)?.detail).toMatchObject({ reason: 'password', jobIds: list.map((j) => j.id) });
    // The right password afterwards signs (the throttle's count starts over).
    expect((await sign(house, list)).statusCode).toBe(200);
  });

  it('signing attempts are throttled on a counter of their own: a locked one signs nothing, signing in still works', async () => {
    const locked = await addSigner(app.t.ctx, app.t.app, {
      companyId: app.w.north.structure.id,
      physicianId: app.w.docs[0]!.id,
    });
    const name = locked.user.username.toLowerCase();
    // As ten wrong passwords leave it (SIGN_IN_THROTTLE.user.lockFailures): locked for a while.
    await db()
      .insert(signInThrottle)
      .values({
        scope: 'user',
        subject: `signature:${name}`,
        failures: 10,
        nextAllowedAt: new Date(Date.now() + 600_000),
      });
    const job = await esJob();
    const res = await sign(locked, [job]);
    expect(res.statusCode, res.body).toBe(429);
    expect(await signaturesOf(app.t.ctx, job.id)).toEqual([]);
    const again = new TestBrowser(app.t.app);
    expect(
      (await again.post('/api/account/login', { username: name, password: locked.password })).statusCode,
    ).toBe(200);
  });

  it('a version that moved on, a job with no document, a job not awaiting the account: refused, nothing signed', async () => {
    const fine = await esJob();
    const moved = await esJob({ version: 2 });
    const stale = await sign(house, [fine, { id: moved.id, version: 1 }]);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await signaturesOf(app.t.ctx, fine.id)).toEqual([]);
    expect(await stored(fine.id)).toMatchObject({ signed: false, stageId: STAGES.eSignature.id });

    const audioOnly = await app.w.makeJob({ stageId: STAGES.eSignature.id, signed: false }, null);
    const none = await sign(house, [audioOnly]);
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json().error.message).toBe(message('signatureRules.noDocument', { jobId: audioOnly.id }));

    const notHis = await sign(cuddy, [fine]);
    expect(notHis.statusCode, notHis.body).toBe(403);
    const notWaiting = await esJob({ stageId: STAGES.transcription.id });
    expect((await sign(house, [notWaiting])).statusCode).toBe(409);
    expect(await signaturesOf(app.t.ctx, fine.id)).toEqual([]);
  });

  it("another tenant's job: 404 on every call, nothing signed", async () => {
    const south = app.w.south;
    const job = await buildJob(app.t.ctx, south.facilities[0]!, { stageId: STAGES.eSignature.id });
    expect((await sign(house, [job])).statusCode).toBe(404);
    expect((await house.browser.post('/api/signing/return', { jobId: job.id, note: 'Fix' })).statusCode).toBe(
      404,
    );
    expect((await house.browser.get(`/api/signing/signatures?jobId=${job.id}`)).statusCode).toBe(404);
    expect(await signaturesOf(app.t.ctx, job.id)).toEqual([]);
  });

  it("a resident's signature waits for the attending's co-signature, which moves the job on", async () => {
    const job = await esJob({ dictatorId: app.w.docs[2]!.id, workTypeId: residentType });
    expect((await queue(wilson)).rows.find((r) => r.jobId === job.id)).toMatchObject({ meaning: 'author' });
    expect((await queue(cuddy)).rows.map((r) => r.jobId)).not.toContain(job.id);
    const first = await sign(wilson, [job]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().signed[0]).toMatchObject({ meaning: 'author', stageId: STAGES.eSignature.id });
    expect(await stored(job.id)).toMatchObject({ stageId: STAGES.eSignature.id, signed: true });
    expect((await queue(wilson)).rows.map((r) => r.jobId)).not.toContain(job.id);
    expect((await sign(wilson, [job])).statusCode).toBe(403);
    const co = (await queue(cuddy)).rows.find((r) => r.jobId === job.id);
    expect(co).toMatchObject({ meaning: 'co-signer' });
    const second = await sign(cuddy, [job]);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().signed[0]).toMatchObject({ meaning: 'co-signer', stageId: STAGES.pendingFax.id });
    expect((await signaturesOf(app.t.ctx, job.id)).map((s) => [s.meaning, s.physicianId])).toEqual([
      ['author', app.w.docs[2]!.id],
      ['co-signer', app.w.docs[1]!.id],
    ]);
  });

  it('a delegate signs on behalf of the dictator, and that is audited as such', async () => {
    const job = await esJob();
    const row = (await queue(delegate)).rows.find((r) => r.jobId === job.id);
    expect(row).toMatchObject({ meaning: 'author', onBehalfOf: 'Gregory House' });
    expect((await sign(delegate, [job])).statusCode).toBe(200);
    const [sig] = await signaturesOf(app.t.ctx, job.id);
    expect(sig).toMatchObject({
      onBehalf: true,
      physicianId: app.w.docs[0]!.id,
      accountId: delegate.account.id,
    });
    expect((await auditRows(job.id, 'job.sign'))[0]!.detail).toMatchObject({ onBehalf: true });
  });

  it('the user settings say which accounts sign: a physician’s, a delegate’s; not one with neither', async () => {
    const maySign = async (who: Signer) => (await who.browser.get('/api/settings/user')).json().maySign;
    expect(await maySign(house)).toBe(true);
    expect(await maySign(delegate)).toBe(true);
    const neither = await addSigner(app.t.ctx, app.t.app, {
      companyId: app.w.north.structure.id,
      physicianId: null,
    });
    expect(await maySign(neither)).toBe(false);
  });

  it('a signature that moves the job to distribution starts its deliveries, in the same transaction', async () => {
    const job = await esJob();
    expect((await sign(house, [job])).statusCode).toBe(200);
    const rows = await db().select().from(distributions).where(eq(distributions.jobId, job.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((d) => d.jobVersion === 1 && d.preliminary === false && d.deliveryKey !== null)).toBe(
      true,
    );
  });

  it('an edit after signing voids the signature, sets force re-sign with its reason and returns the job to ES', async () => {
    const job = await esJob();
    expect((await sign(house, [job])).statusCode).toBe(200);
    const cookie = await bookOut(app.ed, job.id);
    const res = await app.ed.post('/api/job/savejob', {
      jobId: job.id,
      version: 1,
      bookingCookie: cookie,
      saveMode: SAVE_MODES.moveOn,
      setJobDataRequest: jobDataBody((await app.ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json()),
      cda: await narrativeEdit(app.ed, job.id, 'Changed after signing.'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await stored(job.id);
    expect(after).toMatchObject({ forceResign: true, stageId: STAGES.eSignature.id });
    expect(after.resignReason).toMatch(/^Text changed after signing on \d\d\/\d\d\/\d{4} \d\d:\d\d E[SD]T$/);
    expect(await signatureState(app.t.ctx, job.id)).toBe('voided');
    const row = (await queue(house)).rows.find((r) => r.jobId === job.id);
    expect(row).toMatchObject({
      forceResign: true,
      resignReason: after.resignReason,
      version: after.version,
    });
    const sigs = (await house.browser.get(`/api/signing/signatures?jobId=${job.id}`)).json();
    expect(sigs).toEqual([expect.objectContaining({ voided: true })]);
    // Signed again: the new version's signature, reason cleared.
    expect((await sign(house, [{ id: job.id, version: after.version }])).statusCode).toBe(200);
    expect(await stored(job.id)).toMatchObject({ forceResign: false, resignReason: null });
    expect(await signatureState(app.t.ctx, job.id)).toBe('intact');
  });

  it('return for correction: back to Transcription with the note, to be signed again, audited', async () => {
    const job = await esJob();
    const res = await house.browser.post('/api/signing/return', {
      jobId: job.id,
      note: 'Dose on line 3 is wrong.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ jobId: job.id, stageId: STAGES.transcription.id });
    const after = await stored(job.id);
    expect(after).toMatchObject({
      stageId: STAGES.transcription.id,
      jobNote: 'Dose on line 3 is wrong.',
      forceResign: true,
    });
    expect(after.resignReason).toMatch(/^Returned for correction on .*: Dose on line 3 is wrong\.$/);
    const notes = await db().select().from(jobNotes).where(eq(jobNotes.jobId, job.id));
    expect(notes.map((n) => n.note)).toEqual(['Dose on line 3 is wrong.']);
    expect(await auditRows(job.id, 'job.sign.return')).toHaveLength(1);
    // Not waiting any more; another's job is refused.
    expect(
      (await house.browser.post('/api/signing/return', { jobId: job.id, note: 'Again' })).statusCode,
    ).toBe(409);
    const other = await esJob();
    expect(
      (await cuddy.browser.post('/api/signing/return', { jobId: other.id, note: 'No' })).statusCode,
    ).toBe(403);
    expect(
      (await house.browser.post('/api/signing/return', { jobId: other.id, note: '  ' })).statusCode,
    ).toBe(400);
  });

  it('a work type that needs no signature skips ES when the job moves on', async () => {
    const [wt] = await db()
      .insert(workTypes)
      .values({
        corporateStructureId: app.w.north.structure.id,
        clientFacilityId: app.w.cf.id,
        name: 'No Signature',
        number: 22,
      })
      .returning();
    await db().insert(workTypeSigning).values({ workTypeId: wt!.id, requiresSignature: false });
    for (const [workTypeId, stageId] of [
      [wt!.id, STAGES.pendingFax.id],
      [app.w.wt.id, STAGES.eSignature.id],
    ] as const) {
      const job = await app.w.makeJob({ stageId: STAGES.holdQueue.id, signed: false, workTypeId });
      const cookie = await bookOut(app.ed, job.id);
      const data = jobDataBody((await app.ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
      const res = await app.ed.post('/api/job/savejob', {
        jobId: job.id,
        version: 1,
        bookingCookie: cookie,
        saveMode: SAVE_MODES.moveOn,
        setJobDataRequest: data,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await stored(job.id)).toMatchObject({ stageId });
    }
  });
});
