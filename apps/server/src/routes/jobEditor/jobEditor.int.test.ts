import { message } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, documentVersions, jobFlags, jobNotes, jobs } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { replaceableWhole } from '../../testing/documents/cdaFixtures.js';
import { buildUser } from '../../testing/factories.js';
import { buildEditorWorld, jobDataBody } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('job editor calls on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildEditorWorld>>;
  let ed: TestBrowser;
  let ed2: TestBrowser;
  let viewer: TestBrowser;
  let nobody: TestBrowser;
  let outsider: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildEditorWorld(t.ctx);
    ed = await w.browser(t.app, 0);
    ed2 = await w.browser(t.app, 1);
    const v = await buildUser(t.ctx, {
      username: 'viewer',
      accounts: [{ companyId: w.north.structure.id, permissions: ['jobView', 'jobEdit'] }],
    });
    viewer = new TestBrowser(t.app);
    await viewer.signInAs('viewer', v.password, v.accounts[0]!.id);
    const n = await buildUser(t.ctx, {
      username: 'nobody',
      accounts: [{ companyId: w.north.structure.id, permissions: [] }],
    });
    nobody = new TestBrowser(t.app);
    await nobody.signInAs('nobody', n.password, n.accounts[0]!.id);
    const o = await buildUser(t.ctx, {
      username: 'outsider',
      accounts: [{ companyId: w.south.structure.id }],
    });
    outsider = new TestBrowser(t.app);
    await outsider.signInAs('outsider', o.password, o.accounts[0]!.id);
  }, 120_000);
  afterAll(async () => t?.close());

  const stored = async (jobId: number) =>
    (await t.ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
  const versions = (jobId: number) =>
    t.ctx.database.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.jobId, jobId))
      .orderBy(documentVersions.id);
  const book = async (b: TestBrowser, jobId: number) => {
    const res = await b.post('/api/job/bookoutjob', { jobId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().bookingCookie as string;
  };
  const dataOf = async (jobId: number) =>
    jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${jobId}`)).json());
  const firstEditable = async (jobId: number) => {
    const { model } = (await ed.get(`/api/job/getcda?jobId=${jobId}`)).json();
    const flat = (
      ss: { key: string; editable: boolean; blocks: unknown; sections: unknown[] }[],
    ): { key: string; editable: boolean; blocks: unknown }[] =>
      ss.flatMap((s) => [s, ...flat(s.sections as never)]);
    return flat(model.sections).find(replaceableWhole)!.key;
  };
  const edit = (key: string, text: string) => ({
    sections: [{ key, blocks: [{ kind: 'paragraph', runs: [{ text }] }] }],
  });

  it('canaccessjob: yes for the account’s job, a reason otherwise, 400 for a bad id', async () => {
    const job = await w.makeJob();
    expect((await ed.get(`/api/job/canaccessjob?jobId=${job.id}`)).json()).toEqual({ canAccess: true });
    // A job this user sees through another of their accounts: the spec's access message.
    const two = await buildUser(t.ctx, {
      username: 'twoaccounts',
      accounts: [{ companyId: w.north.structure.id }, { companyId: w.south.structure.id }],
    });
    const asSouth = new TestBrowser(t.app);
    await asSouth.signInAs('twoaccounts', two.password, two.accounts[1]!.id);
    expect((await asSouth.get(`/api/job/canaccessjob?jobId=${job.id}`)).json()).toEqual({
      canAccess: false,
      reason: 'You are not permitted to access this job',
    });
    // Another tenant's job and a missing job answer the same 404: nothing is told about either.
    for (const [b, id] of [
      [outsider, job.id],
      [ed, 99_999_999],
    ] as const) {
      const res = await b.get(`/api/job/canaccessjob?jobId=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(`Job ${id} was not found.`);
    }
    expect((await nobody.get(`/api/job/canaccessjob?jobId=${job.id}`)).json()).toEqual({
      canAccess: false,
      reason: 'You do not have permission to view jobs',
    });
    const bad = await ed.get('/api/job/canaccessjob?jobId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('jobId must be a whole number');
  });

  it('GetJobDetails answers the job view’s fields, the patient name only with ADT permissions, and audits', async () => {
    const job = await w.makeJob({
      stat: 'M',
      departmentId: w.dep.id,
      locationId: w.loc.id,
      jobNote: 'Call back',
    });
    const res = await ed.get(`/api/job/GetJobDetails?jobId=${job.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      jobId: job.id,
      stat: 'M',
      stageId: 3,
      stageName: 'Hold Queue',
      componentType: 'TR',
      version: 1,
      bookingCookie: null,
      patientName: 'Everyman, Adam',
      dictator: { userId: w.docs[0]!.id, lastName: 'House', accessCode: 'GH1' },
      workType: { id: w.wt.id, minAddressees: 1, maxAddressees: 2, maxAddresseesSpecified: true },
      department: { id: w.dep.id, name: 'Cardiology' },
      location: { id: w.loc.id, code: 'W1', name: 'Ward 1', auto: false },
      clientFacility: { id: w.cf.id },
      corporateCompany: { id: w.north.structure.id },
      jobNote: 'Call back',
      jobPermissions: { hasTableSupport: true },
      attachmentsEnabled: false,
      isWordEdit: false,
    });
    expect(d.recipients).toHaveLength(1);
    expect(d.recipients[0]).toMatchObject({ userId: w.docs[0]!.id, isAddressee: true, removed: false });
    expect((await viewer.get(`/api/job/GetJobDetails?jobId=${job.id}`)).json().patientName).toBeNull();
    expect((await outsider.get(`/api/job/GetJobDetails?jobId=${job.id}`)).statusCode).toBe(404);
    const denied = await nobody.get(`/api/job/GetJobDetails?jobId=${job.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('You do not have permission to view jobs');
    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'job.view.read')));
    expect(audits.length).toBe(2);
    expect(JSON.stringify(audits)).not.toContain('Everyman');
  });

  it('GetDocumentAvailability, getcda and getjobversion; an audio-only job has no document', async () => {
    const job = await w.makeJob();
    expect((await ed.get(`/api/job/GetDocumentAvailability?jobId=${job.id}`)).json()).toEqual({
      documentType: 'CDA',
      isFallbackDocument: false,
      hasCDA: true,
      hasWord: false,
      hasWav: false,
      hasOpus: false,
    });
    const cda = (await ed.get(`/api/job/getcda?jobId=${job.id}`)).json();
    expect(cda.version).toBe(1);
    expect(cda.model.header.patientName).toContain('Everyman');
    // Issue 41: the header's patient identifiers only for a caller who may see the name.
    const hidden = (await viewer.get(`/api/job/getcda?jobId=${job.id}`)).json();
    expect(hidden.model.header).toMatchObject({ patientName: null, mrn: null, birthTime: null });
    expect(hidden.model.sections).toEqual(cda.model.sections);
    expect(cda.model.header.mrn).toBeTruthy();
    expect(cda.model.sections.length).toBeGreaterThan(0);
    expect((await ed.get(`/api/job/getjobversion?jobId=${job.id}`)).json()).toEqual({ version: 1 });
    const audio = await w.makeJob({}, null);
    expect((await ed.get(`/api/job/GetDocumentAvailability?jobId=${audio.id}`)).json()).toMatchObject({
      documentType: null,
      hasCDA: false,
    });
    const none = await ed.get(`/api/job/getcda?jobId=${audio.id}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('No document available');
    for (const path of ['GetDocumentAvailability', 'getcda', 'getjobversion', 'getjobdata'])
      expect((await outsider.get(`/api/job/${path}?jobId=${job.id}`)).statusCode).toBe(404);
  });

  it('lists the facility’s work types, departments and locations; another tenant’s answer 404', async () => {
    const job = await w.makeJob();
    const wts = (await ed.get(`/api/job/GetClientFacilityWorktypes?ClientFacilityId=${w.cf.id}`)).json();
    expect(wts.map((x: { name: string }) => x.name)).toEqual(['Letter', 'Progress Note']);
    expect(wts[0]).toMatchObject({
      enableAddressee: false,
      maxAddressees: null,
      maxAddresseesSpecified: false,
    });
    expect(
      (await ed.get(`/api/job/GetClientFacilityWorktypes?ClientFacilityId=${w.south.facilities[0]!.id}`))
        .statusCode,
    ).toBe(404);
    expect((await ed.get(`/api/job/getDepartmentsByJobId/${job.id}`)).json()).toEqual([
      { id: w.dep.id, name: 'Cardiology' },
    ]);
    expect((await ed.get(`/api/job/getLocationsByJobId/${job.id}`)).json()).toEqual([
      { id: w.loc.id, code: 'W1', name: 'Ward 1', auto: false },
    ]);
    expect((await outsider.get(`/api/job/getLocationsByJobId/${job.id}`)).statusCode).toBe(404);
    expect((await ed.get('/api/job/getDepartmentsByJobId/x')).statusCode).toBe(400);
  });

  it('books out exclusively: the other account gets 409 naming the holder; rebooking kills the old cookie; cancel restores', async () => {
    const job = await w.makeJob();
    const first = await book(ed, job.id);
    expect((await stored(job.id)).stageId).toBe(410);
    const other = await ed2.post('/api/job/bookoutjob', { jobId: job.id });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(
      `Job ${job.id} is booked out for editing by ${w.editors[0]!.accounts[0]!.member}.`,
    );
    const second = await book(ed, job.id);
    expect(second).not.toBe(first);
    const old = await ed.post('/api/job/extendbooking', { jobId: job.id, bookingCookie: first });
    expect(old.statusCode).toBe(409);
    const ext = await ed.post('/api/job/extendbooking', { jobId: job.id, bookingCookie: second });
    expect(ext.statusCode).toBe(200);
    expect(new Date(ext.json().expiresAt).getTime()).toBeGreaterThan(Date.now() + 500_000);
    expect(
      (await viewer.post(`/api/job/cancelbooking?jobId=${job.id}&bookingCookie=${second}`)).json(),
    ).toEqual({
      success: false,
      messages: [`Job ${job.id} is not booked out with this booking cookie.`],
    });
    const bad = await ed.post(
      `/api/job/cancelbooking?jobId=${job.id}&bookingCookie=${second}&componentType=HI`,
    );
    expect(bad.statusCode).toBe(400);
    const cancel = await ed.post(
      `/api/job/cancelbooking?jobId=${job.id}&bookingCookie=${second}&componentType=TR`,
    );
    expect(cancel.json()).toEqual({
      success: true,
      messages: [`The booking of job ${job.id} was cancelled.`],
    });
    expect((await stored(job.id)).stageId).toBe(3);
    expect((await ed2.post('/api/job/bookoutjob', { jobId: job.id })).statusCode).toBe(200);
    expect((await outsider.post('/api/job/bookoutjob', { jobId: job.id })).statusCode).toBe(404);
    expect((await nobody.post('/api/job/bookoutjob', { jobId: job.id })).statusCode).toBe(403);
    expect((await ed.post('/api/job/bookoutjob', { jobId: 'x' })).statusCode).toBe(400);
    const finished = await w.makeJob({ stageId: 13 });
    const refused = await ed.post('/api/job/bookoutjob', { jobId: finished.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(`Job ${finished.id} is Finished and can no longer be edited.`);
    expect((await stored(finished.id)).stageId).toBe(13);
  });

  it('an expired booking lets another account book, and cannot save', async () => {
    const job = await w.makeJob();
    const cookie = await book(ed, job.id);
    await t.ctx.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.jobId, job.id));
    const data = await dataOf(job.id);
    const save = await ed.post('/api/job/savejob', {
      jobId: job.id,
      version: 1,
      bookingCookie: cookie,
      saveMode: 0,
      setJobDataRequest: data,
    });
    expect(save.statusCode).toBe(409);
    expect(save.json().error.code).toBe('booking_not_live');
    const other = await book(ed2, job.id);
    await ed2.post(`/api/job/cancelbooking?jobId=${job.id}&bookingCookie=${other}`);
    // The stage before the first booking comes back even though that booking expired.
    expect((await stored(job.id)).stageId).toBe(3);
  });

  it('CONCURRENCY: two accounts book the same job at the same moment, 100 times: exactly one wins each time', async () => {
    const job = await w.makeJob();
    for (let i = 0; i < 100; i++) {
      const [a, b] = await Promise.all([
        ed.post('/api/job/bookoutjob', { jobId: job.id }),
        ed2.post('/api/job/bookoutjob', { jobId: job.id }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes, `round ${i}: ${a.body} ${b.body}`).toEqual([200, 409]);
      const [winner, res] = a.statusCode === 200 ? [ed, a] : [ed2, b];
      const cancel = await winner.post(
        `/api/job/cancelbooking?jobId=${job.id}&bookingCookie=${encodeURIComponent(res.json().bookingCookie)}`,
      );
      expect(cancel.json().success).toBe(true);
    }
    expect((await stored(job.id)).stageId).toBe(3);
  }, 120_000);

  it('a save without a live cookie (none, wrong) answers 409 and changes nothing', async () => {
    const job = await w.makeJob();
    const data = await dataOf(job.id);
    const body = { jobId: job.id, version: 1, saveMode: 0, setJobDataRequest: { ...data, stat: 'U' } };
    expect((await ed.post('/api/job/savejob', body)).statusCode).toBe(400);
    expect((await ed.post('/api/job/savejob', { ...body, bookingCookie: 'not-a-cookie' })).statusCode).toBe(
      409,
    );
    const cookie = await book(ed2, job.id);
    const stolen = await ed.post('/api/job/savejob', { ...body, bookingCookie: cookie });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().error.message).toContain('Book the job out again');
    expect(await stored(job.id)).toMatchObject({ version: 1, stat: null });
  });

  it('a save with a stale version answers 409 and the stored document is unchanged', async () => {
    const job = await w.makeJob();
    const cookie = await book(ed, job.id);
    const key = await firstEditable(job.id);
    const data = await dataOf(job.id);
    const ok = await ed.post('/api/job/saveCDA', {
      jobId: job.id,
      version: 1,
      bookingCookie: cookie,
      cda: edit(key, 'First edit.'),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, version: 2, stageId: 410 });
    const before = await versions(job.id);
    const stale = await ed.post('/api/job/savejob', {
      jobId: job.id,
      version: 1,
      bookingCookie: cookie,
      saveMode: 1,
      setJobDataRequest: { ...data, stat: 'U' },
      cda: edit(key, 'Overwrite.'),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain('stale version');
    expect(await versions(job.id)).toEqual(before);
    expect(await stored(job.id)).toMatchObject({ version: 2, stageId: 410, stat: null });
    const text = (await t.ctx.blobs.get(before.at(-1)!.blobKey)).toString('utf8');
    expect(text).toContain('First edit.');
    expect(text).not.toContain('Overwrite.');
  });

  it('saveCDA keeps the booking and the old version; bad edits are 400; text edits need jobEditText', async () => {
    const job = await w.makeJob();
    const cookie = await book(ed, job.id);
    const key = await firstEditable(job.id);
    const bad = await ed.post('/api/job/saveCDA', {
      jobId: job.id,
      version: 1,
      bookingCookie: cookie,
      cda: edit('999', 'x'),
    });
    expect(bad.statusCode).toBe(400);
    const res = await ed.post('/api/job/saveCDA', {
      jobId: job.id,
      version: 1,
      bookingCookie: cookie,
      cda: edit(key, 'Edited once.'),
    });
    expect(res.json()).toMatchObject({ version: 2, stageId: 410 });
    const rows = await versions(job.id);
    expect(rows.map((r) => [r.version, r.source, r.isDraft])).toEqual([
      [1, 'import', false],
      [2, 'save', false],
    ]);
    expect((await t.ctx.blobs.get(rows[0]!.blobKey)).toString('utf8')).not.toContain('Edited once.');
    expect((await ed.get(`/api/job/getcda?jobId=${job.id}`)).json().version).toBe(2);
    expect(
      (await ed.post('/api/job/extendbooking', { jobId: job.id, bookingCookie: cookie })).statusCode,
    ).toBe(200);
    const vjob = await w.makeJob();
    const vcookie = await book(viewer, vjob.id);
    const denied = await viewer.post('/api/job/saveCDA', {
      jobId: vjob.id,
      version: 1,
      bookingCookie: vcookie,
      cda: edit(key, 'x'),
    });
    expect(denied.statusCode).toBe(403);
  });

  it('setjobdata writes the job data under a live booking; bad ids are 400 and change nothing; details need jobEditAdt', async () => {
    const job = await w.makeJob();
    const cookie = await book(ed, job.id);
    const data = await dataOf(job.id);
    const res = await ed.post('/api/job/setjobdata', {
      bookingCookie: cookie,
      jobData: {
        ...data,
        stat: 'M',
        department: w.dep.id,
        dictatedFor: w.docs[1]!.id,
        jobNote: 'Check the dose',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, stageId: 410 });
    expect(await stored(job.id)).toMatchObject({
      stat: 'M',
      departmentId: w.dep.id,
      dictatedForId: w.docs[1]!.id,
      jobNote: 'Check the dose',
    });
    const notes = await t.ctx.database.db.select().from(jobNotes).where(eq(jobNotes.jobId, job.id));
    expect(notes.map((n) => n.note)).toEqual(['Check the dose']);
    for (const [field, value] of [
      ['workTypeId', w.southWt.id],
      ['dictator', w.southDoc.id],
      ['location', 99999],
      ['stat', 'X'],
    ] as const) {
      const r = await ed.post('/api/job/setjobdata', {
        bookingCookie: cookie,
        jobData: { ...data, [field]: value },
      });
      expect(r.statusCode, field).toBe(400);
    }
    expect(await stored(job.id)).toMatchObject({ version: 2, stat: 'M', workTypeId: w.wt.id });
    const vjob = await w.makeJob();
    const vcookie = await book(viewer, vjob.id);
    const vdata = await dataOf(vjob.id);
    const denied = await viewer.post('/api/job/setjobdata', {
      bookingCookie: vcookie,
      jobData: { ...vdata, stat: 'U' },
    });
    expect(denied.statusCode).toBe(403);
    const allowed = await viewer.post('/api/job/setjobdata', {
      bookingCookie: vcookie,
      jobData: { ...vdata, skipPrint: true },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('setjobdata with recipients: moves, adds and removes them; unknown ids and a second patient are 400', async () => {
    const job = await w.makeJob();
    const cookie = await book(ed, job.id);
    const data = await dataOf(job.id);
    const [existing] = (await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json().recipients as {
      id: number;
    }[];
    const post = (recipients: unknown[]) =>
      ed.post('/api/job/setjobdata', { bookingCookie: cookie, jobData: { ...data, recipients } });
    expect((await post([{ id: 999999, isAddressee: true }])).statusCode).toBe(400);
    expect((await post([{ physicianId: w.southDoc.id, isAddressee: true }])).statusCode).toBe(400);
    expect(
      (
        await post([
          { isPatient: true, isAddressee: false },
          { isPatient: true, isAddressee: true },
        ])
      ).statusCode,
    ).toBe(400);
    const ok = await post([
      { id: existing!.id, isAddressee: false },
      { physicianId: w.docs[2]!.id, isAddressee: true },
      { isPatient: true, isAddressee: false },
      { isAddressee: false, custom: { firstName: 'Ann', lastName: 'Custom', fax: '2015550199' } },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json().recipients;
    expect(
      after.map(
        (r: { userId: number; isAddressee: boolean; isPatient: boolean; lastName: string | null }) => [
          r.userId,
          r.isAddressee,
          r.isPatient,
          r.lastName,
        ],
      ),
    ).toEqual([
      [w.docs[0]!.id, false, false, 'House'],
      [w.docs[2]!.id, true, false, 'Wilson'],
      [0, false, true, null],
      [0, false, false, 'Custom'],
    ]);
    const again = await post([{ id: after[1].id, isAddressee: true }]);
    expect(again.statusCode).toBe(200);
    expect((await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json().recipients).toHaveLength(1);
  });

  it('RefreshJobData applies a work type without addressees: addressees become carbon copies, nothing is saved', async () => {
    const job = await w.makeJob();
    const data = await dataOf(job.id);
    const current = (await ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json();
    const res = await ed.post('/api/job/RefreshJobData', {
      ...data,
      workTypeId: w.noAddr.id,
      recipients: current.recipients.map((r: { id: number; isAddressee: boolean }) => ({
        id: r.id,
        isAddressee: r.isAddressee,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().workType).toMatchObject({ id: w.noAddr.id, enableAddressee: false });
    expect(res.json().recipients[0].isAddressee).toBe(false);
    expect((await stored(job.id)).workTypeId).toBe(w.wt.id);
  });

  it('RunHoldQueueCheck evaluates the posted data and text, saves nothing, and is tenant-checked', async () => {
    const job = await w.makeJob({ adt: { 'PID.3.1': 'MRN-1' } });
    const rows = (await ed.post('/api/job/RunHoldQueueCheck', { jobId: job.id })).json();
    expect(rows.map((r: { ruleCode: string }) => r.ruleCode)).toEqual([
      'HQ01',
      'HQ02',
      'HQ03',
      'HQ04',
      'HQ05',
    ]);
    const fired = (rs: { ruleCode: string; isTriggered: boolean }[]) =>
      rs.filter((r) => r.isTriggered).map((r) => r.ruleCode);
    const base = fired(rows);
    expect(base).not.toContain('HQ03');
    expect(base).not.toContain('HQ05');
    const key = await firstEditable(job.id);
    const data = await dataOf(job.id);
    const res = await ed.post('/api/job/RunHoldQueueCheck', {
      jobId: job.id,
      setJobDataRequest: { ...data, dictator: null },
      cda: edit(key, ''),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(fired(res.json())).toEqual(expect.arrayContaining(['HQ03', 'HQ04']));
    expect((await stored(job.id)).dictatorId).toBe(w.docs[0]!.id);
    const other = await w.makeJob({}, 'Consultation_Note.xml');
    expect(fired((await ed.post('/api/job/RunHoldQueueCheck', { jobId: other.id })).json())).toContain(
      'HQ05',
    );
    expect((await outsider.post('/api/job/RunHoldQueueCheck', { jobId: job.id })).statusCode).toBe(404);
  });

  it('each save mode moves the stage as specified and the list shows it', async () => {
    const list = async () =>
      (await ed.get(`/api/jobs/alljobs?corpId=${w.north.structure.id}&cfs=${w.cf.id}`)).json() as {
        jobId: number;
        stageId: number;
      }[];
    // A job without a dictator triggers HQ03 (noDictator).
    const noDictator = { dictator: null };
    const cases: {
      mode: number;
      values?: Record<string, unknown>;
      data?: Record<string, unknown>;
      expectStage: number;
      flags?: boolean;
    }[] = [
      { mode: 0, expectStage: 410 },
      { mode: 1, expectStage: 8 },
      { mode: 1, data: noDictator, expectStage: 8 },
      { mode: 2, data: noDictator, expectStage: 3, flags: true },
      { mode: 2, expectStage: 3 },
      { mode: 3, expectStage: 8 },
      { mode: 3, data: noDictator, expectStage: 3, flags: true },
      { mode: 4, data: noDictator, expectStage: 3, flags: true },
      { mode: 5, values: { componentType: 'HI' }, data: noDictator, expectStage: 13 },
      { mode: 1, values: { signed: false }, expectStage: 11 },
      { mode: 1, values: { stageId: 2 }, data: noDictator, expectStage: 3, flags: true },
      { mode: 1, values: { stageId: 2 }, expectStage: 8 },
    ];
    for (const c of cases) {
      const job = await w.makeJob({ adt: { 'PID.3.1': 'MRN-1' }, ...c.values });
      const cookie = await book(ed, job.id);
      const key = await firstEditable(job.id);
      const data = await dataOf(job.id);
      const res = await ed.post('/api/job/savejob', {
        jobId: job.id,
        version: 1,
        bookingCookie: cookie,
        saveMode: c.mode,
        setJobDataRequest: { ...data, stat: 'U', ...c.data },
        cda: edit(key, `Saved in mode ${c.mode}.`),
      });
      expect(res.statusCode, `mode ${c.mode}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ success: true, version: 2, stageId: c.expectStage });
      const after = await stored(job.id);
      expect(after).toMatchObject({ stageId: c.expectStage, version: 2, stat: 'U', edited: true });
      const row = (await list()).find((r) => r.jobId === job.id)!;
      expect(row, `list row of mode ${c.mode}`).toMatchObject({ stageId: c.expectStage });
      const live = await t.ctx.database.db.select().from(bookings).where(eq(bookings.jobId, job.id));
      expect(live.length, `booking after mode ${c.mode}`).toBe(c.mode === 0 ? 1 : 0);
      const flags = await t.ctx.database.db.select().from(jobFlags).where(eq(jobFlags.jobId, job.id));
      if (c.flags) expect(flags.map((f) => f.code)).toEqual(['HQ03']);
      else if (c.mode !== 0) expect(flags).toEqual([]);
      expect(res.json().flags).toEqual(flags.map((f) => ({ code: f.code, description: f.description })));
      const docs = await versions(job.id);
      expect(docs.filter((d) => d.isDraft).length).toBe(c.mode === 4 ? 1 : 0);
      expect((await t.ctx.blobs.get(docs.at(-1)!.blobKey)).toString('utf8')).toContain(
        `Saved in mode ${c.mode}.`,
      );
    }
  }, 120_000);

  it('finish is only for HIM jobs (400, nothing changed); saveMode outside 0–5 is 400', async () => {
    const job = await w.makeJob();
    const cookie = await book(ed, job.id);
    const data = await dataOf(job.id);
    const body = { jobId: job.id, version: 1, bookingCookie: cookie, setJobDataRequest: data };
    const fin = await ed.post('/api/job/savejob', { ...body, saveMode: 5 });
    expect(fin.statusCode).toBe(400);
    expect(fin.json().error.message).toBe(message('job.finishNotHim'));
    expect((await ed.post('/api/job/savejob', { ...body, saveMode: 6 })).statusCode).toBe(400);
    expect(
      (
        await ed.post('/api/job/savejob', {
          ...body,
          setJobDataRequest: { ...data, jobId: job.id + 1 },
          saveMode: 0,
        })
      ).statusCode,
    ).toBe(400);
    expect(await stored(job.id)).toMatchObject({ version: 1, stageId: 410 });
  });

  it('CONCURRENCY: two saves on the same version at the same moment: one is stored, the other is 409', async () => {
    const job = await w.makeJob();
    const cookie = await book(ed, job.id);
    const key = await firstEditable(job.id);
    const data = await dataOf(job.id);
    for (let i = 0; i < 10; i++) {
      const version = (await stored(job.id)).version;
      const save = (text: string) =>
        ed.post('/api/job/saveCDA', { jobId: job.id, version, bookingCookie: cookie, cda: edit(key, text) });
      const [a, b] = await Promise.all([save(`A${i}`), save(`B${i}`)]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
      const after = await stored(job.id);
      expect(after.version).toBe(version + 1);
      const winner = a.statusCode === 200 ? `A${i}` : `B${i}`;
      const newest = (await versions(job.id)).at(-1)!;
      expect(newest.version).toBe(version + 1);
      expect((await t.ctx.blobs.get(newest.blobKey)).toString('utf8')).toContain(winner);
    }
    const final = await ed.post('/api/job/savejob', {
      jobId: job.id,
      version: (await stored(job.id)).version,
      bookingCookie: cookie,
      saveMode: 1,
      setJobDataRequest: data,
    });
    expect(final.json()).toMatchObject({ version: 12, stageId: 8 });
  }, 60_000);

  it('every write answers 404 for another tenant’s job and changes nothing', async () => {
    const job = await w.makeJob();
    const cookie = await book(ed, job.id);
    const data = await dataOf(job.id);
    const key = await firstEditable(job.id);
    const calls: [string, unknown][] = [
      ['/api/job/extendbooking', { jobId: job.id, bookingCookie: cookie }],
      [`/api/job/cancelbooking?jobId=${job.id}&bookingCookie=${cookie}`, undefined],
      [
        '/api/job/savejob',
        { jobId: job.id, version: 1, bookingCookie: cookie, saveMode: 1, setJobDataRequest: data },
      ],
      ['/api/job/saveCDA', { jobId: job.id, version: 1, bookingCookie: cookie, cda: edit(key, 'x') }],
      ['/api/job/setjobdata', { bookingCookie: cookie, jobData: data }],
      ['/api/job/RefreshJobData', data],
    ];
    for (const [url, body] of calls) expect((await outsider.post(url, body)).statusCode, url).toBe(404);
    expect(await stored(job.id)).toMatchObject({ version: 1, stageId: 410 });
    expect(await versions(job.id)).toHaveLength(1);
  });

  it('lists every call in the OpenAPI document', async () => {
    const paths = (await ed.get('/api/docs/openapi.json')).json().paths;
    for (const [path, method] of [
      ['/api/job/canaccessjob', 'get'],
      ['/api/job/GetJobDetails', 'get'],
      ['/api/job/GetDocumentAvailability', 'get'],
      ['/api/job/getcda', 'get'],
      ['/api/job/getjobdata', 'get'],
      ['/api/job/getjobversion', 'get'],
      ['/api/job/GetClientFacilityWorktypes', 'get'],
      ['/api/job/getDepartmentsByJobId/{id}', 'get'],
      ['/api/job/getLocationsByJobId/{id}', 'get'],
      ['/api/job/bookoutjob', 'post'],
      ['/api/job/extendbooking', 'post'],
      ['/api/job/cancelbooking', 'post'],
      ['/api/job/savejob', 'post'],
      ['/api/job/saveCDA', 'post'],
      ['/api/job/setjobdata', 'post'],
      ['/api/job/RefreshJobData', 'post'],
      ['/api/job/RunHoldQueueCheck', 'post'],
      ['/api/jobs/SearchPhysicians', 'get'],
      ['/api/jobs/GetPhysician', 'get'],
    ] as const)
      expect(paths[path]?.[method]?.responses?.['200'], path).toBeDefined();
  });

  it('needs the CSRF token on writes, and matches paths case-insensitively', async () => {
    const job = await w.makeJob();
    expect((await ed.post('/api/job/bookoutjob', { jobId: job.id }, { xsrf: false })).statusCode).toBe(403);
    expect((await ed.get(`/api/JOB/getJobVersion?jobId=${job.id}`)).json()).toEqual({ version: 1 });
  });

  it('SearchPhysicians and GetPhysician find physicians of the account’s structures only', async () => {
    const byQ = (await ed.get(`/api/jobs/SearchPhysicians?cfId=${w.cf.id}&q=hou`)).json();
    expect(byQ.map((p: { lastName: string }) => p.lastName)).toEqual(['House']);
    const split = (
      await ed.get(`/api/jobs/SearchPhysicians?cfId=${w.cf.id}&q=${encodeURIComponent('Cud, Li')}`)
    ).json();
    expect(split.map((p: { firstName: string }) => p.firstName)).toEqual(['Lisa']);
    expect((await ed.get(`/api/jobs/SearchPhysicians?cfId=${w.cf.id}&q=`)).json()).toEqual([]);
    const typed = (
      await ed.get(`/api/jobs/SearchPhysicians?physicianSearchType=0&companyId=${w.cf.id}&specialty=endo`)
    ).json();
    expect(typed.map((p: { lastName: string }) => p.lastName)).toEqual(['Cuddy']);
    const all = (
      await ed.get(`/api/jobs/SearchPhysicians?physicianSearchType=3&companyId=${w.cf.id}`)
    ).json();
    expect(all).toHaveLength(3);
    expect((await ed.get(`/api/jobs/SearchPhysicians?memberId=${w.docs[2]!.id}`)).json()[0]).toMatchObject({
      userId: w.docs[2]!.id,
      userIdSpecified: true,
      specialty: 'Oncology',
    });
    expect((await ed.get(`/api/jobs/SearchPhysicians?memberId=${w.southDoc.id}`)).json()).toEqual([]);
    expect(
      (await ed.get(`/api/jobs/SearchPhysicians?cfId=${w.south.facilities[0]!.id}&q=h`)).statusCode,
    ).toBe(404);
    expect((await ed.get('/api/jobs/SearchPhysicians')).statusCode).toBe(400);
    expect((await ed.get('/api/jobs/SearchPhysicians?physicianSearchType=9&companyId=1')).statusCode).toBe(
      400,
    );
    expect((await ed.get(`/api/jobs/GetPhysician?userId=${w.docs[0]!.id}`)).json()).toMatchObject({
      firstName: 'Gregory',
      fax: '2015550100',
    });
    expect((await ed.get(`/api/jobs/GetPhysician?userId=${w.southDoc.id}`)).statusCode).toBe(404);
    expect((await nobody.get(`/api/jobs/GetPhysician?userId=${w.docs[0]!.id}`)).statusCode).toBe(403);
  });
});
