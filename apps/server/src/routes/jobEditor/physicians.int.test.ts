import { FAX_DIGITS_ONLY, message } from '@quill/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientFacilities, jobs, physicians } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { buildEditorWorld } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

type Found = { userId: number; lastName: string; firstName: string }[];

/** Spec 02 §7 physician search by type, get physician by userId and SavePhysician (issue 21). */
describe.each(databaseTargets())('physicians of the job view on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildEditorWorld>>;
  let ed: TestBrowser;
  let outsider: TestBrowser;
  let noAdd: TestBrowser;
  let viewOnly: TestBrowser;
  let otherFacilityId: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildEditorWorld(t.ctx);
    ed = await w.browser(t.app, 0);
    const db = t.ctx.database.db;
    const [other] = await db
      .insert(clientFacilities)
      .values({
        corporateStructureId: w.north.structure.id,
        serviceCentreId: w.cf.serviceCentreId,
        name: 'North Facility 2',
        companyNameId: 'CF-north-2',
      })
      .returning();
    otherFacilityId = other!.id;
    await db.insert(physicians).values([
      // Another facility's physician of the same structure: never found from w.cf.
      {
        corporateStructureId: w.north.structure.id,
        clientFacilityId: otherFacilityId,
        firstName: 'Eric',
        lastName: 'Foreman',
        accessCode: 'EF1',
        specialty: 'Neurology',
        isDictator: true,
      },
      // Prefix characters of LIKE are taken literally.
      {
        corporateStructureId: w.north.structure.id,
        clientFacilityId: w.cf.id,
        firstName: 'Robert',
        lastName: 'Chase',
        accessCode: 'RC_1',
        specialty: 'Intensive Care',
      },
    ]);
    const users = [
      ['outsider', w.south.structure.id, undefined],
      ['noadd', w.north.structure.id, ['jobView', 'jobEdit', 'jobEditAdt']],
      ['viewonly', w.north.structure.id, ['jobView', 'dictatorAdd']],
    ] as const;
    const browsers: TestBrowser[] = [];
    for (const [username, companyId, permissions] of users) {
      const u = await buildUser(t.ctx, { username, accounts: [{ companyId, permissions }] });
      const b = new TestBrowser(t.app);
      await b.signInAs(username, u.password, u.accounts[0]!.id);
      browsers.push(b);
    }
    [outsider, noAdd, viewOnly] = browsers as [TestBrowser, TestBrowser, TestBrowser];
  }, 120_000);
  afterAll(async () => t?.close());

  const search = async (b: TestBrowser, query: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    return b.get(`/api/jobs/SearchPhysicians?${qs}`);
  };
  const names = async (query: Record<string, string | number>) => {
    const res = await search(ed, query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Found).map((p) => p.lastName);
  };
  const byType = (type: number, query: Record<string, string | number> = {}) =>
    names({ physicianSearchType: type, companyId: w.cf.id, ...query });

  it('by type: DICTATOR and DICTATED_FOR find who dictates, the others every physician of the facility and its structure', async () => {
    expect(await byType(0)).toEqual(['Cuddy', 'House']);
    expect(await byType(1)).toEqual(['Cuddy', 'House']);
    for (const type of [2, 3, 4]) expect(await byType(type)).toEqual(['Chase', 'Cuddy', 'House', 'Wilson']);
  });

  it('by type with explicit prefixes: last name, first name, access code, specialty, all required, any case', async () => {
    expect(await byType(3, { lastName: 'HO' })).toEqual(['House']);
    expect(await byType(3, { firstName: 'ja' })).toEqual(['Wilson']);
    expect(await byType(3, { accessCode: 'jw' })).toEqual(['Wilson']);
    expect(await byType(3, { specialty: 'ONCO' })).toEqual(['Wilson']);
    expect(await byType(3, { lastName: 'w', specialty: 'diag' })).toEqual([]);
    expect(await byType(0, { accessCode: 'jw' })).toEqual([]);
    // % and _ are the characters themselves, not wildcards.
    expect(await byType(3, { accessCode: 'RC_' })).toEqual(['Chase']);
    expect(await byType(3, { accessCode: 'R_' })).toEqual([]);
    expect(await byType(3, { lastName: '%' })).toEqual([]);
  });

  it('by type with the modal’s text: "Last, First" prefixes, or one prefix of any of the four fields', async () => {
    expect(await byType(3, { q: 'Cud, Li' })).toEqual(['Cuddy']);
    expect(await byType(3, { q: ', greg' })).toEqual(['House']);
    expect(await byType(3, { q: 'Wil,' })).toEqual(['Wilson']);
    expect(await byType(3, { q: 'Cud, Greg' })).toEqual([]);
    expect(await byType(3, { q: 'house' })).toEqual(['House']); // last name
    expect(await byType(3, { q: 'LISA' })).toEqual(['Cuddy']); // first name
    expect(await byType(3, { q: 'gh1' })).toEqual(['House']); // access code
    expect(await byType(3, { q: 'endo' })).toEqual(['Cuddy']); // specialty
    expect(await byType(3, { q: 'i' })).toEqual(['Chase']); // 'Intensive Care'
    expect(await byType(1, { q: 'onc' })).toEqual([]); // Wilson does not dictate
    expect(await byType(4, { q: '   ' })).toHaveLength(4); // empty text: no filter
    expect(await byType(2, { q: 'j', specialty: 'onc' })).toEqual(['Wilson']);
  });

  it('never answers another facility’s or another tenant’s physicians; a bad facility is 404, bad input 400', async () => {
    expect(await byType(3, { q: 'fore' })).toEqual([]);
    expect(await names({ physicianSearchType: 3, companyId: otherFacilityId, q: 'fore' })).toEqual([
      'Foreman',
    ]);
    expect(await byType(3, { q: 'housemate' })).toEqual([]);
    for (const companyId of [w.south.facilities[0]!.id, 99_999_999]) {
      const res = await search(ed, { physicianSearchType: 0, companyId, q: 'h' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(`Unable to find client facility ${companyId}`);
    }
    const theirs = await search(outsider, { physicianSearchType: 3, companyId: w.cf.id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('House');
    // Ids are 1 … 2147483647 (issue 23): a larger one is bad input naming the field.
    const tooLarge = await search(ed, { physicianSearchType: 0, companyId: 3_000_000_000, q: 'h' });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.message).toContain('companyId must be at most 2147483647');
    expect((await search(ed, { memberId: 3_000_000_000 })).statusCode).toBe(400);
    expect((await search(ed, { physicianSearchType: 0 })).statusCode).toBe(400);
    expect((await search(ed, { physicianSearchType: 5, companyId: w.cf.id })).statusCode).toBe(400);
    expect(
      (await search(ed, { physicianSearchType: 0, companyId: w.cf.id, q: 'x'.repeat(101) })).statusCode,
    ).toBe(400);
  });

  it('answers at most 300, ordered by last name, first name and id', async () => {
    const many = Array.from({ length: 310 }, (_, i) => ({
      corporateStructureId: w.north.structure.id,
      clientFacilityId: w.cf.id,
      firstName: `F${String(309 - i).padStart(3, '0')}`,
      lastName: i % 2 ? 'Zimmer' : 'zeller',
      isDictator: true,
    }));
    const ids = (await t.ctx.database.db.insert(physicians).values(many).returning()).map((p) => p.id);
    try {
      const found = (
        await search(ed, { physicianSearchType: 0, companyId: w.cf.id, q: 'z' })
      ).json() as Found;
      expect(found).toHaveLength(300);
      const key = (p: Found[number]) => [p.lastName, p.firstName, p.userId] as const;
      const sorted = [...found].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[2] - y[2];
      });
      expect(found.map((p) => p.userId)).toEqual(sorted.map((p) => p.userId));
    } finally {
      for (const id of ids) await t.ctx.database.db.delete(physicians).where(eq(physicians.id, id));
    }
  });

  it('GET /api/jobs/physicians/{userId}: the account’s physician, 404 for another tenant’s, a missing or too large id', async () => {
    const res = await ed.get(`/api/jobs/physicians/${w.docs[2]!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userId: w.docs[2]!.id, lastName: 'Wilson', accessCode: 'JW1' });
    expect(res.json()).toEqual((await ed.get(`/api/jobs/GetPhysician?userId=${w.docs[2]!.id}`)).json());
    for (const id of [w.southDoc.id, 99_999_999, 2_147_483_647]) {
      expect((await ed.get(`/api/jobs/physicians/${id}`)).statusCode, String(id)).toBe(404);
      expect((await ed.get(`/api/jobs/GetPhysician?userId=${id}`)).statusCode, String(id)).toBe(404);
    }
    for (const id of [2_147_483_648, 9_007_199_254_740_991]) {
      expect((await ed.get(`/api/jobs/physicians/${id}`)).statusCode, String(id)).toBe(400);
      expect((await ed.get(`/api/jobs/GetPhysician?userId=${id}`)).statusCode, String(id)).toBe(400);
    }
    expect((await ed.get('/api/jobs/physicians/abc')).statusCode).toBe(400);
    expect((await ed.get('/api/jobs/physicians/0')).statusCode).toBe(400);
    expect((await ed.get('/api/jobs/physicians/99999999999999999999')).statusCode).toBe(400);
  });

  const save = (b: TestBrowser, jobId: number, physician: Record<string, unknown>, extra = {}) =>
    b.post('/api/job/SavePhysician', { clientFacilityId: w.cf.id, jobId, physician, ...extra });
  const withCode = async (code: string) =>
    t.ctx.database.db
      .select({ id: physicians.id })
      .from(physicians)
      .where(
        and(
          eq(physicians.corporateStructureId, w.north.structure.id),
          sql`lower(${physicians.accessCode}) = ${code}`,
        ),
      );

  it('SavePhysician stores the typed physician for the job’s facility; search and GetPhysician find it; audited', async () => {
    const job = await w.makeJob();
    const res = await save(
      ed,
      job.id,
      {
        firstName: 'Allison',
        middleInitial: 'M',
        lastName: ' Cameron ',
        prefix: 'Dr.',
        jobTitle: 'Immunologist',
        credentials: 'MD',
        accessCode: 'AC7',
        email: 'a.cameron@example.org',
        fax: '201 555 0177',
        addressLine1: '1 Main St',
        addressLine4: 'Floor 2',
        country: 'USA',
        postalCode: '07001',
      },
      { physicianSearchType: 3 },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { userId } = res.json();
    expect(userId).toBeGreaterThan(0);
    const found = (
      await search(ed, { physicianSearchType: 3, companyId: w.cf.id, q: 'came' })
    ).json() as Found;
    expect(found.map((p) => p.userId)).toEqual([userId]);
    expect((await ed.get(`/api/jobs/GetPhysician?userId=${userId}`)).json()).toMatchObject({
      userId,
      firstName: 'Allison',
      middleInitial: 'M',
      lastName: 'Cameron',
      jobTitle: 'Immunologist',
      accessCode: 'AC7',
      fax: '201 555 0177',
      addressLine4: 'Floor 2',
      postalCode: '07001',
    });
    // Saved for the CC list, not as a dictator; another facility does not see it.
    expect(await byType(0, { q: 'came' })).toEqual([]);
    expect(await names({ physicianSearchType: 3, companyId: otherFacilityId, q: 'came' })).toEqual([]);
    const [audit] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'physician.save'), eq(auditLog.jobId, job.id)));
    expect(audit?.detail).toEqual({ physicianId: userId, clientFacilityId: w.cf.id, dictator: false });
    expect(JSON.stringify(audit?.detail)).not.toContain('Cameron');
  });

  it('SavePhysician from the Dictator or Dictated For search saves one who dictates', async () => {
    const job = await w.makeJob();
    for (const [type, lastName] of [
      [0, 'Kutner'],
      [1, 'Taub'],
    ] as const) {
      const res = await save(ed, job.id, { lastName }, { physicianSearchType: type });
      expect(res.statusCode, res.body).toBe(200);
      expect(await byType(type, { q: lastName })).toEqual([lastName]);
    }
  });

  it('SavePhysician: a duplicate access code (any case, trimmed) is 409 "Duplicate access code" and stores nothing', async () => {
    const job = await w.makeJob();
    for (const accessCode of ['GH1', 'gh1', ' Gh1 ', 'lc1']) {
      const res = await save(ed, job.id, { lastName: 'Twin', accessCode });
      expect(res.statusCode, accessCode).toBe(409);
      expect(res.json().error.message).toBe('Duplicate access code');
    }
    expect(await byType(3, { q: 'twin' })).toEqual([]);
    // Another tenant's code is not this structure's: it may be used.
    expect((await save(ed, job.id, { lastName: 'Twin', accessCode: 'S1' })).statusCode).toBe(200);
  });

  it('SavePhysician: two saves of one access code at once store one physician; the other is 409', async () => {
    const job = await w.makeJob();
    const answers = await Promise.all([
      save(ed, job.id, { lastName: 'Racer', accessCode: 'RACE1' }),
      save(ed, job.id, { lastName: 'Racer', accessCode: 'race1' }),
      save(ed, job.id, { lastName: 'Racer', accessCode: 'Race1' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json().error.message).toBe('Duplicate access code');
    expect(await byType(3, { q: 'racer' })).toHaveLength(1);
    expect(await withCode('race1')).toHaveLength(1);
  });

  it('the database itself keeps access codes unique per structure ignoring case (what a lost race hits)', async () => {
    const row = { corporateStructureId: w.north.structure.id, firstName: 'Dup', lastName: 'Licate' };
    const err = await t.ctx.database.db
      .insert(physicians)
      .values({ ...row, accessCode: 'gH1' })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err, 'physicians_cs_access_code_ci_idx')).toBe(true);
    const [other] = await t.ctx.database.db
      .insert(physicians)
      .values({ ...row, corporateStructureId: w.south.structure.id, accessCode: 'gh1' })
      .returning();
    await t.ctx.database.db.delete(physicians).where(eq(physicians.id, other!.id));
  });

  it('SavePhysician refuses without dictatorAdd or jobEdit (403), without a last name (400), for another facility (400)', async () => {
    const job = await w.makeJob();
    const denied = await save(noAdd, job.id, { lastName: 'Nope' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(message('recipients.noDictatorAdd'));
    expect((await save(viewOnly, job.id, { lastName: 'Nope' })).statusCode).toBe(403);
    for (const physician of [{}, { lastName: '' }, { lastName: '   ', firstName: 'Ann' }]) {
      const res = await save(ed, job.id, physician);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('Last name is required');
    }
    const elsewhere = await ed.post('/api/job/SavePhysician', {
      clientFacilityId: otherFacilityId,
      jobId: job.id,
      physician: { lastName: 'Nope' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.message).toBe(
      message('recipients.notJobFacility', { clientFacilityId: otherFacilityId, jobId: job.id }),
    );
    const huge = await ed.post('/api/job/SavePhysician', {
      clientFacilityId: 3_000_000_000,
      jobId: job.id,
      physician: { lastName: 'Nope' },
    });
    expect(huge.statusCode).toBe(400);
    // A fax number a fax cannot be sent to, or a control character, is refused naming the field.
    const badFax = await save(ed, job.id, { lastName: 'Nope', fax: '(973) 555-0188' });
    expect(badFax.statusCode).toBe(400);
    expect(badFax.json().error.message).toContain(FAX_DIGITS_ONLY);
    const control = await save(ed, job.id, { lastName: 'Nope', firstName: 'A\u0000n' });
    expect(control.statusCode).toBe(400);
    expect(control.json().error.message).toContain('First name contains a control character');
    expect(await byType(3, { q: 'nope' })).toEqual([]);
  });

  it('SavePhysician: another tenant’s or a missing job is 404; a job with a recipient registry id is 403', async () => {
    const job = await w.makeJob();
    for (const [b, jobId] of [
      [outsider, job.id],
      [ed, 99_999_999],
    ] as const) {
      const res = await save(b, jobId, { lastName: 'Ghost' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(`Job ${jobId} was not found.`);
    }
    await t.ctx.database.db.update(jobs).set({ recipientRegistryId: 'REG-1' }).where(eq(jobs.id, job.id));
    expect((await ed.get(`/api/job/GetJobDetails?jobId=${job.id}`)).json().hasRecipientRegistryId).toBe(true);
    const res = await save(ed, job.id, { lastName: 'Ghost' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(message('recipients.refuseRegistry', { jobId: job.id }));
    expect(await byType(3, { q: 'ghost' })).toEqual([]);
    const plain = await w.makeJob();
    expect((await ed.get(`/api/job/GetJobDetails?jobId=${plain.id}`)).json().hasRecipientRegistryId).toBe(
      false,
    );
  });
});
