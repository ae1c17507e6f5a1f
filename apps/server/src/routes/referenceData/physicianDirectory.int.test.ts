import { decodeBinaryJobList, message } from '@quill/core';
import { and, eq, ilike } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  clientFacilities,
  jobOrders,
  jobs,
  orders,
  physicians,
  recipients,
  visits,
} from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildUser } from '../../testing/factories.js';
import { editorSuite, jobDataBody } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';

interface Row {
  id: number;
  lastName: string;
  disabled: boolean;
  mergedInto: { id: number; name: string } | null;
}

/**
 * Issue 26: the physician directory of a client facility — search within the facility's directory
 * only, add and edit with the job editor's rules (access codes unique in the structure), disable
 * (no new choice offers the physician, what names it keeps it), merge duplicates (everything that
 * names the duplicate moves, in one transaction) — and who may do it.
 */
describe.each(databaseTargets())('the physician directory on $name', (target) => {
  const s = editorSuite(target);
  let viewer: TestBrowser;
  let stranger: TestBrowser;
  let otherFacility: number;
  const url = (path = '', cf = s.w.cf.id) => `/api/reference/${cf}/physicians${path}`;
  const physician = (over: Record<string, unknown> = {}) => ({
    lastName: 'Foreman',
    firstName: 'Eric',
    credentials: 'MD',
    specialty: 'Neurology',
    isDictator: true,
    distributionMethod: 'print',
    allFacilities: false,
    ...over,
  });
  const add = async (over: Record<string, unknown> = {}) => {
    const res = await s.ed.post(url(), physician(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Row & Record<string, unknown>;
  };
  const names = async (query: string, b = s.ed) => {
    const res = await b.get(`${url()}?pageSize=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().rows as Row[]).map((r) => r.lastName);
  };

  beforeAll(async () => {
    const db = s.t.ctx.database.db;
    const [cf2] = await db
      .insert(clientFacilities)
      .values({
        corporateStructureId: s.w.north.structure.id,
        serviceCentreId: s.w.north.serviceCentre.id,
        name: 'North Facility 2',
        companyNameId: 'CF-north-2',
      })
      .returning();
    otherFacility = cf2!.id;
    await db.insert(physicians).values({
      corporateStructureId: s.w.north.structure.id,
      clientFacilityId: otherFacility,
      firstName: 'Robert',
      lastName: 'Chase',
      accessCode: 'RC1',
    });
    const north = s.w.north.structure.id;
    const v = await buildUser(s.t.ctx, { accounts: [{ companyId: north, permissions: ['dictatorView'] }] });
    viewer = new TestBrowser(s.t.app);
    await viewer.signInAs(v.user.username, v.password, v.accounts[0]!.id);
    const n = await buildUser(s.t.ctx, {
      accounts: [{ companyId: north, permissions: ['jobView', 'dictatorAdd'] }],
    });
    stranger = new TestBrowser(s.t.app);
    await stranger.signInAs(n.user.username, n.password, n.accounts[0]!.id);
  });

  it('searches the facility’s directory only: its own and its structure’s physicians, by name, code and status', async () => {
    expect(await names('')).toEqual(['Cuddy', 'House', 'Wilson']);
    expect(await names('q=hou')).toEqual(['House']);
    expect(await names(`q=${encodeURIComponent('House, gr')}`)).toEqual(['House']);
    expect(await names('q=lisa')).toEqual(['Cuddy']);
    expect(await names('accessCode=jw')).toEqual(['Wilson']);
    expect(await names('disabled=true')).toEqual([]);
    const page = (await s.ed.get(`${url()}?pageSize=10&page=2`)).json();
    expect(page).toMatchObject({ rows: [], total: 3, page: 2, pageSize: 10 });
    const house = (await s.ed.get(`${url()}?q=house`)).json().rows[0];
    expect(house).toMatchObject({
      firstName: 'Gregory',
      accessCode: 'GH1',
      specialty: 'Diagnostics',
      fax: '2015550100',
      isDictator: true,
      allFacilities: false,
      disabled: false,
      mergedInto: null,
    });
    expect(await names('', viewer)).toEqual(['Cuddy', 'House', 'Wilson']);
    // Another facility of the structure has its own directory; another company's is not found.
    const other = (await s.ed.get(url('', otherFacility))).json().rows as Row[];
    expect(other.map((p) => p.lastName)).toEqual(['Chase', 'Cuddy']);
    const south = await s.ed.get(url('', s.w.south.facilities[0]!.id));
    expect(south.statusCode).toBe(404);
    expect(south.body).not.toContain('Housemate');
    expect((await s.ed.get(url(`/${s.w.southDoc.id}`))).statusCode).toBe(404);
    expect((await s.ed.get(url(`/${s.w.docs[2]!.id}`, otherFacility))).statusCode).toBe(404);
    expect((await s.ed.get(`${url()}?pageSize=7`)).statusCode).toBe(400);
    expect((await s.ed.get(`${url()}?q=${encodeURIComponent('a\u0000')}`)).statusCode).toBe(400);
  });

  it('needs dictatorView to look and dictatorAdd to change (403)', async () => {
    expect((await stranger.get(url())).statusCode).toBe(403);
    expect((await viewer.post(url(), physician())).statusCode).toBe(403);
    const wilson = s.w.docs[2]!.id;
    for (const path of [`/${wilson}`, `/${wilson}/disable`, `/${wilson}/enable`])
      expect((await viewer.post(url(path), physician())).statusCode).toBe(403);
    expect((await viewer.post(url(`/${wilson}/merge`), { duplicateId: s.w.docs[0]!.id })).statusCode).toBe(
      403,
    );
    expect((await new TestBrowser(s.t.app).get(url())).statusCode).toBe(401);
  });

  it('adds and edits a physician with the Physician modal’s rules, and refuses what it cannot store (400)', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await s.ed.post(url(), body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.message as string;
    };
    expect(await refused(physician({ lastName: '  ' }))).toContain('Last name is required');
    expect(await refused(physician({ distributionMethod: 'fax' }))).toContain(
      'fax: Fax distribution needs a fax number, for example 973 555 0188.',
    );
    expect(await refused(physician({ fax: '555-0188' }))).toContain('Fax may hold only digits and spaces');
    expect(await refused(physician({ distributionMethod: 'pigeon' }))).toContain(
      'Distribution is fax, print or electronic.',
    );
    expect(await refused(physician({ isDictator: 'yes' }))).toContain('isDictator is true or false.');
    expect(await refused(physician({ firstName: 'Er\u0007ic' }))).toContain('First name');
    expect(await refused(physician({ specialty: 'x'.repeat(101) }))).toContain('Specialty');

    const made = await add({ fax: '201 555 0142', distributionMethod: 'fax', accessCode: ' ef1 ' });
    expect(made).toMatchObject({
      lastName: 'Foreman',
      accessCode: 'ef1',
      distributionMethod: 'fax',
      disabled: false,
    });
    const edited = await s.ed.post(
      url(`/${made.id}`),
      physician({ credentials: 'MD, PhD', allFacilities: true }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ credentials: 'MD, PhD', accessCode: null, allFacilities: true });
    // Listed for every facility, it is in the other facility's directory too.
    expect((await s.ed.get(url(`/${made.id}`, otherFacility))).statusCode).toBe(200);
    const [audit] = await s.t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'reference.physician.add'));
    expect(audit).toMatchObject({ outcome: 'success', corporateStructureId: s.w.north.structure.id });
    expect(audit!.detail).toMatchObject({
      physicianId: made.id,
      clientFacilityId: s.w.cf.id,
      accessCode: 'ef1',
    });
    expect(JSON.stringify(audit!.detail)).not.toContain('Foreman');
  });

  it('keeps access codes unique in the structure, ignoring case (409), also for two adds at once', async () => {
    const taken = await s.ed.post(url(), physician({ accessCode: 'gh1' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Duplicate access code');
    // Another facility's physician of the structure holds RC1.
    expect((await s.ed.post(url(), physician({ accessCode: 'rc1' }))).statusCode).toBe(409);
    const wilson = s.w.docs[2]!;
    const clash = await s.ed.post(url(`/${wilson.id}`), physician({ lastName: 'Wilson', accessCode: 'LC1' }));
    expect(clash.statusCode).toBe(409);
    const own = await s.ed.post(
      url(`/${wilson.id}`),
      physician({
        lastName: 'Wilson',
        firstName: 'James',
        accessCode: 'jw1',
        isDictator: false,
        specialty: 'Oncology',
      }),
    );
    expect(own.statusCode, own.body).toBe(200);
    const both = await Promise.all([
      s.ed.post(url(), physician({ accessCode: 'TWIN7' })),
      s.ed.post(url(), physician({ accessCode: 'twin7' })),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const twins = await s.t.ctx.database.db
      .select()
      .from(physicians)
      .where(ilike(physicians.accessCode, 'twin7'));
    expect(twins).toHaveLength(1);
  });

  it('disabled, a physician is offered for no new choice, while the jobs that name it keep showing it', async () => {
    const zed = await add({
      lastName: 'Zedd',
      firstName: 'Ada',
      fax: '201 555 0111',
      distributionMethod: 'fax',
    });
    const job = await s.w.makeJob({ dictatorId: zed.id });
    await s.t.ctx.database.db
      .insert(recipients)
      .values({ jobId: job.id, physicianId: zed.id, distributionMethod: 'fax' });
    const north = s.w.north.structure.id;
    const offered = async () => ({
      dictator: (
        await s.ed.get(`/api/jobs/SearchPhysicians?physicianSearchType=0&companyId=${s.w.cf.id}&q=zed`)
      )
        .json()
        .map((p: { lastName: string }) => p.lastName),
      ccList: (
        await s.ed.get(`/api/jobs/SearchPhysicians?physicianSearchType=3&companyId=${s.w.cf.id}&q=zed`)
      ).json().length,
      byFacility: (await s.ed.get(`/api/jobs/SearchPhysicians?cfId=${s.w.cf.id}&q=zedd`)).json().length,
      fax: (await s.ed.get(`/api/jobs/Dictators?csid=${north}&q=zed`)).json().length,
      audio: (await s.ed.get(`/api/audio/createoptions/${s.w.cf.id}`))
        .json()
        .dictators.map((d: { name: string }) => d.name)
        .includes('Zedd, Ada'),
    });
    expect(await offered()).toEqual({ dictator: ['Zedd'], ccList: 1, byFacility: 1, fax: 1, audio: true });

    const off = await s.ed.post(url(`/${zed.id}/disable`));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().disabled).toBe(true);
    expect(await offered()).toEqual({ dictator: [], ccList: 0, byFacility: 0, fax: 0, audio: false });
    // What names it keeps it: the job's dictator and recipient, the lookup by id.
    const details = (await s.ed.get(`/api/job/GetJobDetails?jobId=${job.id}`)).json();
    expect(details.dictator.lastName).toBe('Zedd');
    expect(details.recipients.map((r: { lastName: string }) => r.lastName)).toContain('Zedd');
    expect((await s.ed.get(`/api/jobs/SearchPhysicians?memberId=${zed.id}`)).json()).toHaveLength(1);
    // The job's data, naming the disabled dictator, still saves unchanged.
    const cookie = (await s.ed.post('/api/job/bookoutjob', { jobId: job.id })).json().bookingCookie;
    const data = jobDataBody((await s.ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    const saved = await s.ed.post('/api/job/setjobdata', { bookingCookie: cookie, jobData: data });
    expect(saved.statusCode, saved.body).toBe(200);
    await s.ed.post(`/api/job/cancelbooking?jobId=${job.id}&bookingCookie=${encodeURIComponent(cookie)}`);
    // An editor who chose it before it was disabled cannot make it another job's dictator now.
    const other = await s.w.makeJob({});
    const otherCookie = (await s.ed.post('/api/job/bookoutjob', { jobId: other.id })).json().bookingCookie;
    const otherData = jobDataBody((await s.ed.get(`/api/job/getjobdata?jobId=${other.id}`)).json());
    const refused = await s.ed.post('/api/job/setjobdata', {
      bookingCookie: otherCookie,
      jobData: { ...otherData, dictator: zed.id },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toBe(message('job.disabledPhysician', { id: zed.id }));
    await s.ed.post(
      `/api/job/cancelbooking?jobId=${other.id}&bookingCookie=${encodeURIComponent(otherCookie)}`,
    );
    expect(await names('disabled=true&q=zedd')).toEqual(['Zedd']);
    expect(await names('disabled=false&q=zedd')).toEqual([]);

    expect((await s.ed.post(url(`/${zed.id}/enable`))).json().disabled).toBe(false);
    expect(await offered()).toEqual({ dictator: ['Zedd'], ccList: 1, byFacility: 1, fax: 1, audio: true });
    const actions = await s.t.ctx.database.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['reference.physician.disable', 'reference.physician.enable']),
    );
  });

  it('merges a duplicate: every job, recipient, patient-data and order physician and account moves, in one go', async () => {
    const db = s.t.ctx.database.db;
    const house = s.w.docs[0]!;
    const wilson = s.w.docs[2]!;
    const dup = await add({ lastName: 'Housse', firstName: 'Greg' });
    // Job 1: the duplicate dictated it, for itself, is its attending and a carbon copy (House is the addressee).
    const job1 = await s.w.makeJob({
      dictatorId: dup.id,
      dictatedForId: dup.id,
      adtPhysicians: { 'PV1.7': dup.id, 'PV1.8': wilson.id },
    });
    await db.insert(recipients).values({ jobId: job1.id, physicianId: dup.id, distributionMethod: 'print' });
    // Job 2: House a carbon copy, the duplicate the addressee. Job 3: the duplicate alone.
    const job2 = await s.w.makeJob();
    await db.update(recipients).set({ isAddressee: false }).where(eq(recipients.jobId, job2.id));
    await db.insert(recipients).values({ jobId: job2.id, physicianId: dup.id, isAddressee: true });
    const job3 = await buildJob(s.t.ctx, s.w.cf, { dictatorId: house.id });
    await db.insert(recipients).values({ jobId: job3.id, physicianId: dup.id, isAddressee: true });
    await db.insert(jobOrders).values({ jobId: job1.id, physicians: { 'OBR.16': dup.id } });
    const [visit] = await db
      .insert(visits)
      .values({ patientId: s.w.patient.id, visitNumber: 'V-MERGE' })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({
        visitId: visit!.id,
        orderNumber: 'O-MERGE',
        description: 'Echo',
        physicians: { 'OBR.16': dup.id },
      })
      .returning();
    const linked = await buildUser(s.t.ctx, {
      accounts: [{ companyId: s.w.north.structure.id, memberType: 1 }],
    });
    await db.update(accounts).set({ physicianId: dup.id }).where(eq(accounts.id, linked.accounts[0]!.id));
    const [earlier] = await db
      .insert(physicians)
      .values({
        corporateStructureId: s.w.north.structure.id,
        clientFacilityId: s.w.cf.id,
        firstName: 'G',
        lastName: 'Hous',
        disabled: true,
        mergedIntoId: dup.id,
      })
      .returning();
    // Read twice: the second answer came from memory, which the merge must not leave behind.
    const dictatorOf = async () =>
      (await s.ed.get(`/api/job/GetJobDetails?jobId=${job1.id}`)).json().dictator.lastName;
    expect([await dictatorOf(), await dictatorOf()]).toEqual(['Housse', 'Housse']);

    const merged = await s.ed.post(url(`/${house.id}/merge`), { duplicateId: dup.id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().moved).toEqual({
      dictatorJobs: 1,
      dictatedForJobs: 1,
      adtJobs: 1,
      orders: 2,
      recipients: 3,
      foldedRecipients: 2,
      accounts: 1,
      earlierMerges: 1,
    });
    expect(merged.json().duplicate).toMatchObject({
      disabled: true,
      mergedInto: { id: house.id, name: 'House, Gregory' },
    });

    expect(await dictatorOf()).toBe('House');
    const list = (
      await s.ed.get(`/api/jobs/alljobs?corpId=${s.w.north.structure.id}&cfs=${s.w.cf.id}`)
    ).json();
    expect(list.find((r: { jobId: number }) => r.jobId === job1.id).dictatorName).toBe('House, Gregory');
    const binary = await s.ed.get(
      `/api/jobs/alljobs?corpId=${s.w.north.structure.id}&cfs=${s.w.cf.id}&format=binary`,
    );
    expect(decodeBinaryJobList(binary.rawPayload).find((r) => r.jobId === job1.id)?.dictatorName).toBe(
      'House, Gregory',
    );
    const [row1] = await db.select().from(jobs).where(eq(jobs.id, job1.id));
    expect(row1).toMatchObject({
      dictatorId: house.id,
      dictatedForId: house.id,
      adtPhysicians: { 'PV1.7': house.id, 'PV1.8': wilson.id },
    });
    const live = async (jobId: number) =>
      (
        await db
          .select()
          .from(recipients)
          .where(and(eq(recipients.jobId, jobId), eq(recipients.removed, false)))
      ).map((r) => [r.physicianId, r.isAddressee]);
    expect(await live(job1.id)).toEqual([[house.id, true]]);
    expect(await live(job2.id)).toEqual([[house.id, true]]);
    expect(await live(job3.id)).toEqual([[house.id, true]]);
    expect((await db.select().from(recipients).where(eq(recipients.physicianId, dup.id))).length).toBe(0);
    expect((await db.select().from(jobOrders).where(eq(jobOrders.jobId, job1.id)))[0]!.physicians).toEqual({
      'OBR.16': house.id,
    });
    expect((await db.select().from(orders).where(eq(orders.id, order!.id)))[0]!.physicians).toEqual({
      'OBR.16': house.id,
    });
    expect(
      (await db.select().from(accounts).where(eq(accounts.id, linked.accounts[0]!.id)))[0]!.physicianId,
    ).toBe(house.id);
    expect((await db.select().from(physicians).where(eq(physicians.id, earlier!.id)))[0]!.mergedIntoId).toBe(
      house.id,
    );
    const [searched] = (await s.ed.get(`${url()}?q=housse`)).json().rows as Row[];
    expect(searched).toMatchObject({ disabled: true, mergedInto: { id: house.id, name: 'House, Gregory' } });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'reference.physician.merge'));
    expect(audit!.detail).toMatchObject({
      physicianId: house.id,
      duplicateId: dup.id,
      dictatorJobs: 1,
      recipients: 3,
    });
    expect(JSON.stringify(audit!.detail)).not.toMatch(/House|Everyman/);
  });

  it('refuses a merge that cannot be: itself, twice, into a disabled physician, another’s, wider into narrower', async () => {
    const [house, cuddy, wilson] = s.w.docs;
    const refused = async (kept: number, duplicateId: number, status: number, cf = s.w.cf.id) => {
      const res = await s.ed.post(url(`/${kept}/merge`, cf), { duplicateId });
      expect(res.statusCode, res.body).toBe(status);
      return res.json().error.message as string;
    };
    expect(await refused(house!.id, house!.id, 400)).toBe(
      'A physician cannot be merged into itself: choose the duplicate record.',
    );
    const dup = await add({ lastName: 'Wilsonn' });
    const twice = await Promise.all([
      s.ed.post(url(`/${wilson!.id}/merge`), { duplicateId: dup.id }),
      s.ed.post(url(`/${wilson!.id}/merge`), { duplicateId: dup.id }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(twice.find((r) => r.statusCode === 409)!.json().error.message).toBe(
      'That duplicate was merged already.',
    );
    expect(await refused(dup.id, cuddy!.id, 409)).toBe(
      'This physician is disabled or merged: merge the duplicate into an enabled physician.',
    );
    expect(await refused(house!.id, s.w.southDoc.id, 400)).toBe(
      'There is no such physician in this facility’s directory to merge.',
    );
    await refused(s.w.southDoc.id, house!.id, 404);
    await refused(s.w.southDoc.id, house!.id, 404, s.w.south.facilities[0]!.id);
    expect(await refused(wilson!.id, cuddy!.id, 400)).toContain('listed for every facility');
    const enable = await s.ed.post(url(`/${dup.id}/enable`));
    expect(enable.statusCode).toBe(409);
    expect(enable.json().error.message).toBe('This physician was merged into another and stays disabled.');
    expect((await s.ed.post(url(`/${cuddy!.id}/merge`), { duplicateId: 'x' })).statusCode).toBe(400);
    const [kept] = await s.t.ctx.database.db.select().from(physicians).where(eq(physicians.id, cuddy!.id));
    expect(kept).toMatchObject({ disabled: false, mergedIntoId: null });
  });
});
