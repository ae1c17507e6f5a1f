import { EDITOR_STAGE_ID, PERMISSIONS, SAVE_MODES, STAGES } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, jobs } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { jobDataBody } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { storedRows, wopiClientOf, wordAuthOf, wordDocument, wordSuite } from '../../testing/wopiTestKit.js';

/**
 * POST /api/job/saveWordDocument (spec 02 §7, issue 22): completes a Word edit as savejob does —
 * save modes, hold-queue rules, stages, the booking, the addressee limits — after the WOPI client's
 * PutFile stored the document.
 */
describe.each(databaseTargets())('saveWordDocument on $name', (target) => {
  const app = wordSuite(target);

  const db = () => app.t.ctx.database.db;
  const jobRow = (id: number) => storedRows(app.t.ctx).job(id);
  const bookingOf = (id: number) => storedRows(app.t.ctx).booking(id);
  const versionsOf = (id: number) => storedRows(app.t.ctx).versions(id);
  /** Books the job, and puts `word` through the WOPI client (Lock, PutFile) as the frame's save does. */
  const editAndPut = async (jobId: number, word: string | null) => {
    const cookie = (await app.ed.post('/api/job/bookoutjob', { jobId })).json().bookingCookie as string;
    const base = (await jobRow(jobId)).version;
    if (word !== null) {
      const client = wopiClientOf(app.t.app, await wordAuthOf(app.ed, jobId), 'edit');
      expect((await client.lock('frame')).statusCode).toBe(200);
      expect((await client.putFile(wordDocument(word), 'frame')).statusCode).toBe(200);
    }
    /** saveWordDocument of this edit: its job, base version and cookie with the mode (and more). */
    const saveAs = (saveMode: number, more: Record<string, unknown> = {}) =>
      save({ jobId, version: base, bookingCookie: cookie, saveMode, ...more });
    return { cookie, base, saveAs };
  };
  const save = (body: Record<string, unknown>, browser = app.ed) =>
    browser.post('/api/job/saveWordDocument', body);

  it('save only after PutFile: the edit’s base version is not stale, the booking stays, the next edit goes on', async () => {
    const job = await app.w.makeWordJob();
    const { base, saveAs } = await editAndPut(job.id, 'improving');
    expect((await jobRow(job.id)).version).toBe(base + 1);
    const res = await saveAs(SAVE_MODES.saveOnly);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, version: base + 2, stageId: EDITOR_STAGE_ID });
    expect(await bookingOf(job.id)).toMatchObject({ wordBaseVersion: null });
    // The next edit of the same booking starts from the saved version.
    const client = wopiClientOf(app.t.app, await wordAuthOf(app.ed, job.id), 'edit');
    expect((await client.lock('frame')).statusCode).toBe(200);
    expect((await client.putFile(wordDocument('well'), 'frame')).statusCode).toBe(200);
    const moved = await saveAs(SAVE_MODES.moveOn, { version: base + 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    // From the hold queue, with a signed document and a fax addressee: pending fax.
    expect(moved.json()).toMatchObject({ version: base + 4, stageId: STAGES.pendingFax.id });
    expect(await bookingOf(job.id)).toBeUndefined();
    expect(await jobRow(job.id)).toMatchObject({
      stageId: STAGES.pendingFax.id,
      version: base + 4,
      documentType: 'DOCX',
    });
    const current = (await versionsOf(job.id)).filter((v) => !v.isDraft).map((v) => [v.version, v.source]);
    expect(current).toEqual([
      [1, 'import'],
      [base + 1, 'wopi'],
      [base + 3, 'wopi'],
    ]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'job.save')));
    expect(audit.length).toBe(2);
  });

  it('hold and draft return the job to the hold queue; draft keeps a draft copy of the Word document', async () => {
    const held = await app.w.makeWordJob();
    const res = await (await editAndPut(held.id, 'held')).saveAs(SAVE_MODES.hold);
    expect(res.json()).toMatchObject({ stageId: STAGES.holdQueue.id });
    expect(await bookingOf(held.id)).toBeUndefined();

    const drafted = await app.w.makeWordJob();
    const draft = await (await editAndPut(drafted.id, 'drafted')).saveAs(SAVE_MODES.draft);
    expect(draft.statusCode, draft.body).toBe(200);
    const rows = await versionsOf(drafted.id);
    const copy = rows.find((r) => r.isDraft);
    const put = rows.find((r) => r.source === 'wopi' && !r.isDraft);
    expect(copy).toMatchObject({ format: 'DOCX', version: draft.json().version, blobKey: put!.blobKey });
  });

  it('with the job data as edited, recipients within the work type’s limits (Move On refused under them)', async () => {
    const job = await app.w.makeWordJob();
    const { base, saveAs } = await editAndPut(job.id, null);
    const data = jobDataBody((await app.ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    const refused = await saveAs(SAVE_MODES.moveOn, { setJobDataRequest: { ...data, recipients: [] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/Not enough \(min 1\)/);
    const noted = await saveAs(SAVE_MODES.saveOnly, {
      setJobDataRequest: { ...data, jobNote: 'Checked against the dictation.' },
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect((await jobRow(job.id)).jobNote).toBe('Checked against the dictation.');
    const mismatch = await saveAs(SAVE_MODES.saveOnly, {
      version: base + 1,
      setJobDataRequest: { ...data, jobId: job.id + 1 },
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('a newer version that is not the booking’s own PutFile: 409 stale, nothing changed', async () => {
    const job = await app.w.makeWordJob();
    const { cookie, base, saveAs } = await editAndPut(job.id, 'first');
    // A data save of the same booking ends the Word edit: the version it answered is the new base.
    const data = jobDataBody((await app.ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    expect(
      (await app.ed.post('/api/job/setjobdata', { bookingCookie: cookie, jobData: data })).statusCode,
    ).toBe(200);
    const res = await saveAs(SAVE_MODES.moveOn);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('stale_version');
    expect(await jobRow(job.id)).toMatchObject({ version: base + 2, stageId: EDITOR_STAGE_ID });
    expect(await bookingOf(job.id)).toBeDefined();
    const older = await saveAs(SAVE_MODES.saveOnly, { version: base + 1 });
    expect(older.statusCode).toBe(409);
    const current = await saveAs(SAVE_MODES.saveOnly, { version: base + 2 });
    expect(current.statusCode).toBe(200);
  });

  it('refuses: finish of a non-HIM job (400), no live booking (409), a CDA job (400), another tenant (404), no jobEdit (403)', async () => {
    const job = await app.w.makeWordJob();
    const { cookie, base } = await editAndPut(job.id, null);
    const body = { jobId: job.id, version: base, bookingCookie: cookie, saveMode: SAVE_MODES.finish };
    expect((await save(body)).statusCode).toBe(400);
    const notLive = await save({ ...body, bookingCookie: 'not-the-cookie', saveMode: SAVE_MODES.saveOnly });
    expect(notLive.statusCode).toBe(409);
    expect(notLive.json().error.code).toBe('booking_not_live');
    const cda = await app.w.makeJob();
    const cdaCookie = (await app.ed.post('/api/job/bookoutjob', { jobId: cda.id })).json().bookingCookie;
    expect(
      (await save({ ...body, jobId: cda.id, bookingCookie: cdaCookie, version: 1, saveMode: 0 })).statusCode,
    ).toBe(400);
    const south = await app.w.makeWordJob();
    await db()
      .update(jobs)
      .set({ corporateStructureId: app.w.south.structure.id })
      .where(eq(jobs.id, south.id));
    expect((await save({ ...body, jobId: south.id, saveMode: 0 })).statusCode).toBe(404);
    const u = await buildUser(app.t.ctx, {
      username: `viewer-${Math.random().toString(36).slice(2, 8)}`,
      accounts: [
        { companyId: app.w.north.structure.id, permissions: PERMISSIONS.filter((p) => p !== 'jobEdit') },
      ],
    });
    const viewer = new TestBrowser(app.t.app);
    await viewer.signInAs(u.user.username, u.password, u.accounts[0]!.id);
    expect((await save({ ...body, saveMode: 0 }, viewer)).statusCode).toBe(403);
    expect((await save({ ...body, saveMode: 7 })).statusCode).toBe(400);
    expect((await jobRow(job.id)).version).toBe(base);
  });
});
