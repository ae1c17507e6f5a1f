import { message, SAVE_MODES } from '@quill/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, recipients } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildEditorWorld, jobDataBody } from '../../testing/jobEditorTestKit.js';
import type { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Spec 02 §5: addressees over or under the work type's limits withhold Save Move On and Finish;
 * the server refuses them too (issue 21). The world's work type allows 1 to 2 addressees.
 */
describe.each(databaseTargets())('save modes and addressee limits on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildEditorWorld>>;
  let ed: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildEditorWorld(t.ctx);
    ed = await w.browser(t.app, 0);
  }, 120_000);
  afterAll(async () => t?.close());

  const stored = async (jobId: number) =>
    (await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
  const live = async (jobId: number) =>
    (await t.ctx.database.db.select().from(recipients).where(eq(recipients.jobId, jobId))).filter(
      (r) => !r.removed,
    ).length;
  /** Books the job and saves it in `saveMode` with its job data changed by `fields`. */
  const save = async (jobId: number, saveMode: number, fields: Record<string, unknown> = {}) => {
    const booking = await ed.post('/api/job/bookoutjob', { jobId });
    expect(booking.statusCode, booking.body).toBe(200);
    const data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${jobId}`)).json());
    const res = await ed.post('/api/job/savejob', {
      jobId,
      version: (await stored(jobId)).version,
      bookingCookie: booking.json().bookingCookie,
      saveMode,
      setJobDataRequest: { ...data, ...fields },
    });
    if (res.statusCode !== 200)
      await ed.post(`/api/job/cancelbooking?jobId=${jobId}&bookingCookie=${booking.json().bookingCookie}`);
    return res;
  };
  const limitText = (jobId: number, reason: string) => message('recipients.limitSaveMode', { jobId, reason });

  it('Move On and Finish with fewer addressees than the minimum: 400 with the count message, nothing stored', async () => {
    const job = await w.makeJob({ componentType: 'HI' });
    for (const mode of [SAVE_MODES.moveOn, SAVE_MODES.finish]) {
      const res = await save(job.id, mode, { recipients: [] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(limitText(job.id, 'Not enough (min 1)'));
    }
    expect(await live(job.id)).toBe(1);
    expect(await stored(job.id)).toMatchObject({ version: 1, stageId: 3 });
    // Fewer than the minimum may be saved in the other modes; then Move On stays refused.
    expect((await save(job.id, SAVE_MODES.saveOnly, { recipients: [] })).statusCode).toBe(200);
    expect(await live(job.id)).toBe(0);
    const after = await save(job.id, SAVE_MODES.moveOn);
    expect(after.statusCode).toBe(400);
    expect(after.json().error.message).toBe(limitText(job.id, 'Not enough (min 1)'));
    expect((await stored(job.id)).version).toBe(2);
    expect((await save(job.id, SAVE_MODES.hold)).statusCode).toBe(200);
  });

  it('Move On with more addressees than the maximum (as stored) is 400; Hold saves; within the limits Move On saves', async () => {
    const job = await w.makeJob();
    await t.ctx.database.db.insert(recipients).values(
      [w.docs[1]!, w.docs[2]!].map((p, i) => ({
        jobId: job.id,
        physicianId: p.id,
        isAddressee: true,
        ordinal: i + 1,
      })),
    );
    const over = await save(job.id, SAVE_MODES.moveOn);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(limitText(job.id, 'Too many (max 2)'));
    expect((await stored(job.id)).version).toBe(1);
    expect((await save(job.id, SAVE_MODES.hold)).statusCode).toBe(200);
    // Removing one brings the count to the maximum: Move On is offered again.
    const rows = (await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json().recipients as { id: number }[];
    const ok = await save(job.id, SAVE_MODES.moveOn, {
      recipients: rows.slice(0, 2).map((r) => ({ id: r.id, isAddressee: true })),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await live(job.id)).toBe(2);
    expect((await stored(job.id)).stageId).not.toBe(3);
  });

  it('a work type without addressee limits, or with addressees disabled, never withholds Move On', async () => {
    const job = await w.makeJob();
    const res = await save(job.id, SAVE_MODES.moveOn, {
      workTypeId: w.noAddr.id,
      recipients: (
        (await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json().recipients as { id: number }[]
      ).map((r) => ({ id: r.id, isAddressee: false })),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('RunHoldQueueCheck reports an addressee count outside the limits instead of refusing it', async () => {
    const job = await w.makeJob();
    const data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    const [first] = (await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json().recipients as {
      id: number;
    }[];
    const res = await ed.post('/api/job/RunHoldQueueCheck', {
      jobId: job.id,
      setJobDataRequest: {
        ...data,
        recipients: [
          { id: first!.id, isAddressee: true },
          { physicianId: w.docs[1]!.id, isAddressee: true },
          { physicianId: w.docs[2]!.id, isAddressee: true },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { ruleCode: string; isTriggered: boolean }[];
    expect(rows.find((r) => r.ruleCode === 'HQ02')?.isTriggered).toBe(true);
    expect(await live(job.id)).toBe(1);
  });
});
