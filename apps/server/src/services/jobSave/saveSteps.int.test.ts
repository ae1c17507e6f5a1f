import { type JobDataRequest, PERMISSIONS, SAVE_MODES, STAGES } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, documentVersions, jobs } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { buildEditorWorld, jobDataBody } from '../../testing/jobEditorTestKit.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import type { Auth } from '../auth/auth.js';
import { bookOutJob } from '../booking/bookOutJob.js';
import { getJobData } from '../jobEditor/getJobData.js';
import { TenantScope } from '../tenantScope/tenantScope.js';
import { applyJobData } from './applyJobData.js';
import { readSaveDocumentState } from './documentState.js';
import { insertDocumentVersions } from './documentVersions.js';
import { runSaveRules } from './holdQueueRules.js';
import { lockSaveBooking } from './lockBooking.js';
import type { SaveRequest, SaveStep } from './saveRequest.js';
import { settleStage } from './stageAndDistribution.js';
import { writeJobRow } from './version.js';

/** The save pipeline's database steps, each on its own, inside a transaction as persistSave runs them. */
describe.each(databaseTargets())('the save pipeline steps on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildEditorWorld>>;
  let auth: Auth;
  let southAuth: Auth;

  const authOf = (user: Awaited<ReturnType<typeof buildUser>>, companyId: number): Auth => ({
    sessionHash: 'test',
    userId: user.user.id,
    username: user.user.username,
    accountId: user.accounts[0]!.id,
    memberType: 3,
    companyId,
    permissions: new Set(PERMISSIONS),
    scope: TenantScope.of([companyId]),
    display: { dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm', locale: 'en-US' },
    idleExpiresAt: new Date(Date.now() + 3_600_000),
    absoluteExpiresAt: new Date(Date.now() + 3_600_000),
  });

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildEditorWorld(t.ctx);
    auth = authOf(w.editors[0]!, w.north.structure.id);
    const south = await buildUser(t.ctx, { accounts: [{ companyId: w.south.structure.id }] });
    southAuth = authOf(south, w.south.structure.id);
  }, 120_000);
  afterAll(async () => t?.close());

  /** A new job of the world, booked out by the first editor. */
  const booked = async () => {
    const job = await w.makeJob();
    const { bookingCookie } = await bookOutJob(t.ctx, auth, job.id, null);
    return { job, cookie: bookingCookie };
  };
  const request = (jobId: number, over: Partial<SaveRequest> = {}): SaveRequest => ({
    jobId,
    version: null,
    holder: { bookingCookie: 'none' },
    mode: 'data',
    jobData: null,
    cda: null,
    ...over,
  });
  /** Runs `fn` as a step of a save's transaction for `req`. */
  const inSave = <T>(req: SaveRequest, fn: (step: SaveStep) => Promise<T>, who = auth) =>
    t.ctx.database.db.transaction((tx) => fn({ ctx: t.ctx, tx, auth: who, req, ip: null }));
  const stored = async (jobId: number) =>
    (await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
  const bookingOf = async (jobId: number) =>
    (await t.ctx.database.db.select().from(bookings).where(eq(bookings.jobId, jobId)))[0];

  describe('lock and check the booking', () => {
    it("locks the job with the account's live booking of this cookie", async () => {
      const { job, cookie } = await booked();
      const req = request(job.id, { holder: { bookingCookie: cookie } });
      const held = await inSave(req, ({ tx }) => lockSaveBooking(tx, auth, req));
      expect(held.locked.id).toBe(job.id);
      expect(held.booking.accountId).toBe(auth.accountId);
    });

    it("answers 409 for the account's job without a live booking of that cookie", async () => {
      const { job } = await booked();
      const req = request(job.id, { holder: { bookingCookie: 'another cookie' } });
      await expect(inSave(req, ({ tx }) => lockSaveBooking(tx, auth, req))).rejects.toMatchObject({
        kind: 'conflict',
        code: 'booking_not_live',
      });
    });

    it("answers 404 for another tenant's job, with its cookie too, and for no job", async () => {
      const { job, cookie } = await booked();
      const req = request(job.id, { holder: { bookingCookie: cookie } });
      await expect(
        inSave(req, ({ tx }) => lockSaveBooking(tx, southAuth, req), southAuth),
      ).rejects.toMatchObject({
        kind: 'notFound',
      });
      const none = request(job.id + 100_000, { holder: { bookingCookie: cookie } });
      await expect(inSave(none, ({ tx }) => lockSaveBooking(tx, auth, none))).rejects.toMatchObject({
        kind: 'notFound',
      });
    });
  });

  it("reads the job's newest version, working document and flags under the lock", async () => {
    const { job } = await booked();
    const state = await inSave(request(job.id), ({ tx }) => readSaveDocumentState(tx, job.id));
    const [doc] = await t.ctx.database.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.jobId, job.id));
    expect(state).toEqual({
      newestVersion: doc!.version,
      current: {
        id: doc!.id,
        blobKey: doc!.blobKey,
        size: doc!.size,
        format: 'CDA',
        version: doc!.version,
        addendumOfVersion: null,
        addendumReason: null,
      },
      flags: [],
    });
  });

  describe('apply job data', () => {
    it('answers the job as locked when the save sends no job data', async () => {
      const { job } = await booked();
      const applied = await inSave(request(job.id), (step) => applyJobData(step, job));
      expect(applied).toEqual({ columns: {}, after: job, liveRecipients: null });
    });

    it("returns the job's changed columns for the save's update and the recipients it checked", async () => {
      const { job } = await booked();
      const data = jobDataBody({ ...(await getJobData(t.ctx, auth, job.id, null)) });
      const req = request(job.id, { jobData: { ...data, jobNote: 'changed note' } as JobDataRequest });
      const applied = await inSave(req, (step) => applyJobData(step, job));
      expect(applied.columns).toMatchObject({ jobNote: 'changed note' });
      expect(applied.after.jobNote).toBe('changed note');
      expect(applied.liveRecipients?.map((r) => r.distributionMethod)).toEqual(['fax']);
      // The job's own row is written once, by the save's last update: not here.
      expect((await stored(job.id)).jobNote).toBe(job.jobNote);
    });
  });

  describe('hold-queue rules, then stage and distribution', () => {
    const settle = async (mode: (typeof SAVE_MODES)[keyof typeof SAVE_MODES]) => {
      const { job, cookie } = await booked();
      const req = request(job.id, { mode, holder: { bookingCookie: cookie } });
      const done = await inSave(req, async (step) => {
        const { locked, booking } = await lockSaveBooking(step.tx, auth, req);
        const rules = await runSaveRules(step, mode, locked, null);
        const at = { locked, booking, job: { columns: {}, after: locked, liveRecipients: null }, rules };
        return { rules, locked, settled: await settleStage(step, mode, at) };
      });
      return { job, ...done };
    };

    it('save only runs no rules, keeps the stage, the flags and the booking', async () => {
      const { job, rules, locked, settled } = await settle(SAVE_MODES.saveOnly);
      expect(rules).toEqual({ rows: [], triggered: [] });
      // The stage the booked job is in (not the one it had before the booking).
      expect(settled).toEqual({ stageId: locked.stageId, flags: null });
      expect(await bookingOf(job.id)).toBeDefined();
    });

    it('hold runs the rules, writes the flags they raise, and releases the booking', async () => {
      const { job, rules, settled } = await settle(SAVE_MODES.hold);
      expect(rules.rows.length).toBeGreaterThan(0);
      expect(settled).toEqual({ stageId: STAGES.holdQueue.id, flags: rules.triggered });
      expect(await bookingOf(job.id)).toBeUndefined();
    });
  });

  it('stores the document versions and writes the job row with the version', async () => {
    const { job } = await booked();
    const req = request(job.id, { mode: SAVE_MODES.draft });
    const blob = { key: 'documents/steps-test.xml', size: 10, format: 'CDA' as const };
    await inSave(req, async (step) => {
      await insertDocumentVersions(step, { version: 9, blob, typedChars: 4, current: null });
      await writeJobRow(step, { locked: job, columns: {}, version: 9, stageId: job.stageId, blob });
    });
    const rows = await t.ctx.database.db
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.jobId, job.id), eq(documentVersions.version, 9)));
    expect(rows.map((r) => [r.blobKey, r.isDraft]).sort()).toEqual([
      ['documents/steps-test.xml', false],
      ['documents/steps-test.xml', true],
    ]);
    expect(await stored(job.id)).toMatchObject({ version: 9, edited: true, documentType: 'CDA' });
  });
});
