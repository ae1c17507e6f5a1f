import { message } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, distributions, jobs, recipients } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { buildEditorWorld, jobDataBody } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

type Row = {
  id: number;
  userId: number;
  isAddressee: boolean;
  isPatient: boolean;
  removed: boolean;
  auto: boolean;
  lastName: string | null;
} & Record<string, unknown>;

/** Recipients on save (issue 21, spec 02 §4/§5): the work type's rules, removal, custom details. */
describe.each(databaseTargets())('job recipients on save on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildEditorWorld>>;
  let ed: TestBrowser;
  let noAdt: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildEditorWorld(t.ctx);
    ed = await w.browser(t.app, 0);
    const u = await buildUser(t.ctx, {
      username: 'noadt',
      accounts: [{ companyId: w.north.structure.id, permissions: ['jobView', 'jobEdit'] }],
    });
    noAdt = new TestBrowser(t.app);
    await noAdt.signInAs('noadt', u.password, u.accounts[0]!.id);
  }, 120_000);
  afterAll(async () => t?.close());

  const [house, cuddy, wilson] = [0, 1, 2];
  const doc = (i: number) => w.docs[i]!.id;
  const listOf = async (jobId: number) =>
    (await ed.get(`/api/job/getjobdata?jobId=${jobId}`)).json().recipients as Row[];
  const versionOf = async (jobId: number) =>
    (await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!.version;
  /** A fresh job of the 1-to-2-addressee work type (House its one addressee), booked by `b`. */
  const booked = async (b = ed) => {
    const job = await w.makeJob();
    const res = await b.post('/api/job/bookoutjob', { jobId: job.id });
    expect(res.statusCode, res.body).toBe(200);
    const data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    const [first] = await listOf(job.id);
    const cookie = res.json().bookingCookie as string;
    const setData = (fields: Record<string, unknown>, who = b) =>
      who.post('/api/job/setjobdata', { bookingCookie: cookie, jobData: { ...data, ...fields } });
    return { job, data, cookie, houseRow: first!.id, setData };
  };
  const refused = async (
    answer: { statusCode: number; json(): { error: { message: string } } },
    text: string,
  ) => {
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe(text);
  };

  it('more addressees than the maximum: 400 from setjobdata, RefreshJobData and savejob; nothing stored', async () => {
    const { job, data, cookie, houseRow, setData } = await booked();
    const three = [
      { id: houseRow, isAddressee: true },
      { physicianId: doc(cuddy), isAddressee: true },
      { physicianId: doc(wilson), isAddressee: true },
    ];
    const text = message('recipients.refuseTooMany', { max: 2, count: 3 });
    await refused(await setData({ recipients: three }), text);
    await refused(await ed.post('/api/job/RefreshJobData', { ...data, recipients: three }), text);
    const save = await ed.post('/api/job/savejob', {
      jobId: job.id,
      version: 1,
      bookingCookie: cookie,
      saveMode: 0,
      setJobDataRequest: { ...data, recipients: three },
    });
    await refused(save, text);
    expect((await listOf(job.id)).map((r) => r.userId)).toEqual([doc(house)]);
    expect(await versionOf(job.id)).toBe(1);
    // Two addressees is the maximum, and fine.
    expect((await setData({ recipients: three.slice(0, 2) })).statusCode).toBe(200);
    expect((await listOf(job.id)).map((r) => r.userId)).toEqual([doc(house), doc(cuddy)]);
  });

  it('refuses addressees where the work type has none, the patient where it is not allowed, anyone twice', async () => {
    const { job, houseRow, setData } = await booked();
    const letter = w.noAddr.id;
    await refused(
      await setData({ workTypeId: letter, recipients: [{ id: houseRow, isAddressee: true }] }),
      message('recipients.refuseAddresseesDisabled'),
    );
    // Changing only the work type leaves House an addressee: refused as well.
    await refused(await setData({ workTypeId: letter }), message('recipients.refuseAddresseesDisabled'));
    await refused(
      await setData({
        workTypeId: letter,
        recipients: [
          { id: houseRow, isAddressee: false },
          { isPatient: true, isAddressee: false },
        ],
      }),
      message('recipients.refusePatient'),
    );
    await refused(
      await setData({
        recipients: [
          { id: houseRow, isAddressee: true },
          { physicianId: doc(house), isAddressee: false },
        ],
      }),
      message('recipients.alreadyAdded'),
    );
    await refused(
      await setData({
        recipients: [
          { id: houseRow, isAddressee: true },
          { id: houseRow, isAddressee: false },
        ],
      }),
      message('recipients.postedTwice', { id: houseRow }),
    );
    expect(await versionOf(job.id)).toBe(1);
    const ok = await setData({ workTypeId: letter, recipients: [{ id: houseRow, isAddressee: false }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await listOf(job.id)).map((r) => [r.userId, r.isAddressee])).toEqual([[doc(house), false]]);
  });

  it('RefreshJobData applies a work type change (the patient removed, addressees made copies) before its rules', async () => {
    const { job, data, houseRow } = await booked();
    const res = await ed.post('/api/job/RefreshJobData', {
      ...data,
      workTypeId: w.noAddr.id,
      recipients: [
        { id: houseRow, isAddressee: true },
        { isPatient: true, isAddressee: false },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().recipients as Row[]).map((r) => [r.userId, r.isAddressee, r.isPatient])).toEqual([
      [doc(house), false, false],
    ]);
    expect(await versionOf(job.id)).toBe(1);
  });

  it('a removed automatic recipient stays flagged removed; others are deleted; a removed one is no duplicate', async () => {
    const { job, houseRow, setData } = await booked();
    const [auto] = await t.ctx.database.db
      .insert(recipients)
      .values({ jobId: job.id, physicianId: doc(cuddy), isAddressee: true, auto: true, ordinal: 1 })
      .returning();
    const [other] = await t.ctx.database.db
      .insert(recipients)
      .values({ jobId: job.id, physicianId: doc(wilson), isAddressee: false, ordinal: 2 })
      .returning();
    expect((await setData({ recipients: [{ id: houseRow, isAddressee: true }] })).statusCode).toBe(200);
    const after = await listOf(job.id);
    expect(after.map((r) => [r.id, r.userId, r.auto, r.removed])).toEqual([
      [houseRow, doc(house), false, false],
      [auto!.id, doc(cuddy), true, true],
    ]);
    expect(after.some((r) => r.id === other!.id)).toBe(false);
    const details = (await ed.get(`/api/job/GetJobDetails?jobId=${job.id}`)).json().recipients as Row[];
    expect(details.find((r) => r.id === auto!.id)).toMatchObject({ removed: true, auto: true });
    // Cuddy again, as a new addressee: the removed automatic row does not count.
    const again = await setData({
      recipients: [
        { id: houseRow, isAddressee: true },
        { id: auto!.id, physicianId: doc(cuddy), isAddressee: true, removed: true },
        { physicianId: doc(cuddy), isAddressee: true },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await listOf(job.id)).filter((r) => !r.removed).map((r) => r.userId)).toEqual([
      doc(house),
      doc(cuddy),
    ]);
  });

  it('a recipient something was delivered to is kept flagged removed, not deleted (its delivery names it)', async () => {
    const { job, houseRow, setData } = await booked();
    const [wil] = await t.ctx.database.db
      .insert(recipients)
      .values({ jobId: job.id, physicianId: doc(wilson), isAddressee: false, ordinal: 1 })
      .returning();
    await t.ctx.database.db
      .insert(distributions)
      .values({ jobId: job.id, recipientId: wil!.id, method: 'print', status: 'sent' });
    const res = await setData({ recipients: [{ id: houseRow, isAddressee: true }] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listOf(job.id)).map((r) => [r.id, r.removed])).toEqual([
      [houseRow, false],
      [wil!.id, true],
    ]);
  });

  it('custom recipients keep and answer every typed detail; a posted custom row updates them; convert to custom', async () => {
    const { job, houseRow, setData } = await booked();
    const typed = {
      prefix: 'Dr.',
      firstName: 'Ann',
      middleInitial: 'Q',
      lastName: 'Custom',
      suffix: 'Jr.',
      jobTitle: 'Referrer',
      credentials: 'MD',
      accessCode: 'X9',
      email: 'ann@example.org',
      fax: '2015550199',
      addressLine1: '1 First St',
      addressLine2: 'Suite 2',
      addressLine3: 'Springfield, NJ 07001',
      addressLine4: 'Building C',
      country: 'USA',
      postalCode: '07001',
    };
    const keep = { id: houseRow, isAddressee: true };
    expect((await setData({ recipients: [keep, { isAddressee: false, custom: typed }] })).statusCode).toBe(
      200,
    );
    const custom = (await listOf(job.id))[1]!;
    expect(custom).toMatchObject({ ...typed, userId: 0, userIdSpecified: false, isAddressee: false });
    const renamed = await setData({
      recipients: [
        keep,
        { id: custom.id, isAddressee: false, custom: { lastName: 'Renamed', fax: '2015550111' } },
      ],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await listOf(job.id))[1]).toMatchObject({
      id: custom.id,
      lastName: 'Renamed',
      fax: '2015550111',
      firstName: null,
      addressLine4: null,
    });
    const converted = await setData({
      recipients: [
        { id: houseRow, physicianId: null, isAddressee: true, custom: { lastName: 'Housecall' } },
        { id: custom.id, isAddressee: false },
      ],
    });
    expect(converted.statusCode, converted.body).toBe(200);
    const [first] = (await ed.get(`/api/job/GetJobDetails?jobId=${job.id}`)).json().recipients as Row[];
    expect(first).toMatchObject({ id: houseRow, userId: 0, lastName: 'Housecall', accessCode: null });
  });

  it('changing recipients needs jobEditAdt (posting them unchanged does not) and is audited with ids only', async () => {
    const { job, houseRow, setData } = await booked(noAdt);
    const change = await setData({ recipients: [{ id: houseRow, isAddressee: false }] });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.message).toBe(message('job.noEditAdtPermission'));
    const same = await setData({
      recipients: [{ id: houseRow, physicianId: doc(house), isAddressee: true }],
    });
    expect(same.statusCode, same.body).toBe(200);
    const none = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'job.recipients.save')));
    expect(none).toEqual([]);

    const mine = await booked();
    const ok = await mine.setData({
      recipients: [
        { id: mine.houseRow, isAddressee: true },
        { isAddressee: false, custom: { lastName: 'Private' } },
      ],
    });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, mine.job.id), eq(auditLog.action, 'job.recipients.save')));
    const added = (await listOf(mine.job.id))[1]!.id;
    expect(row?.detail).toEqual({ added: [added], deleted: [], removed: [], addressees: 1 });
    expect(JSON.stringify(row?.detail)).not.toContain('Private');
  });

  it('ids no row can have are 400 naming the id, never a database error', async () => {
    const { houseRow, setData } = await booked();
    const big = 3_000_000_000;
    for (const fields of [
      { workTypeId: big },
      { department: big },
      { location: big },
      { dictator: big },
      {
        recipients: [
          { id: houseRow, isAddressee: true },
          { physicianId: big, isAddressee: false },
        ],
      },
      { recipients: [{ id: big, isAddressee: true }] },
    ]) {
      const res = await setData(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error.message).toContain('must be at most 2147483647');
    }
  });
});
