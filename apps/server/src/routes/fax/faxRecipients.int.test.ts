import { ContactListSchema, DictatorsResultSchema, PERMISSIONS } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, physicians, recipients } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildPatient, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('fax recipients on $name', (target) => {
  let t: TestApp;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let south: Awaited<ReturnType<typeof buildStructure>>;
  let manager: TestBrowser;
  let noAdt: TestBrowser;
  let jobId: number;
  let southJobId: number;
  const physicianIds: Record<string, number> = {};

  const physician = async (cs: number, values: Partial<typeof physicians.$inferInsert>) => {
    const [p] = await t.ctx.database.db
      .insert(physicians)
      .values({ corporateStructureId: cs, firstName: 'Pat', lastName: 'Doe', ...values })
      .returning();
    return p!.id;
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { name: 'North' });
    south = await buildStructure(t.ctx, { name: 'South' });
    const cs = north.structure.id;
    physicianIds.walsh = await physician(cs, {
      prefix: 'Dr.',
      firstName: 'Olivia',
      middleInitial: 'K',
      lastName: 'Walsh',
      credentials: 'MD',
      fax: '201 555 0101',
    });
    physicianIds.nofax = await physician(cs, { firstName: 'Noel', lastName: 'Nofax', fax: null });
    physicianIds.dashes = await physician(cs, { firstName: 'Dana', lastName: 'Dash', fax: '(201) 555-0102' });
    physicianIds.gone = await physician(cs, { firstName: 'Gil', lastName: 'Gone', fax: '2015550103' });
    const patient = await buildPatient(t.ctx, cs, { first: 'Ada', last: 'Lovelace' });
    jobId = (await buildJob(t.ctx, north.facilities[0]!, { patientId: patient.id })).id;
    const row = (v: Partial<typeof recipients.$inferInsert>) => ({ jobId, ...v });
    await t.ctx.database.db.insert(recipients).values([
      row({ physicianId: physicianIds.nofax, isAddressee: false, ordinal: 0 }),
      row({ physicianId: physicianIds.walsh, isAddressee: true, ordinal: 1 }),
      row({ physicianId: physicianIds.gone, isAddressee: true, ordinal: 2, removed: true }),
      row({ physicianId: physicianIds.dashes, isAddressee: false, ordinal: 3 }),
      row({
        isAddressee: false,
        ordinal: 4,
        custom: { firstName: 'Cus', lastName: 'Tom', fax: '973 555 0199' },
      }),
      row({
        isPatient: true,
        ordinal: 5,
        custom: { firstName: 'Ada', lastName: 'Lovelace', fax: '973 555 0142' },
      }),
    ]);
    southJobId = (await buildJob(t.ctx, south.facilities[0]!)).id;
    // Many physicians in the south structure, to show the limit and the tenant boundary.
    await t.ctx.database.db.insert(physicians).values(
      Array.from({ length: 320 }, (_, i) => ({
        corporateStructureId: south.structure.id,
        firstName: `First${String(i).padStart(3, '0')}`,
        lastName: 'Southerly',
        fax: '201 555 0100',
      })),
    );

    const m = await buildUser(t.ctx, { accounts: [{ companyId: cs }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs(m.user.username, m.password, m.accounts[0]!.id);
    const v = await buildUser(t.ctx, {
      accounts: [
        {
          companyId: cs,
          permissions: PERMISSIONS.filter((p) => !['adtView', 'adtEdit', 'jobEditAdt'].includes(p)),
        },
      ],
    });
    noAdt = new TestBrowser(t.app);
    await noAdt.signInAs(v.user.username, v.password, v.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  it("lists the job's live recipients, addressees first, with their fax numbers and whether each is valid", async () => {
    const res = await manager.get(`/api/jobs/getContactListForJob?jobId=${jobId}`);
    expect(res.statusCode).toBe(200);
    const list = ContactListSchema.parse(res.json());
    const ids = (await t.ctx.database.db.select().from(recipients).where(eq(recipients.jobId, jobId))).sort(
      (a, b) => a.ordinal - b.ordinal,
    );
    expect(list).toEqual([
      {
        id: ids[1]!.id,
        name: 'Dr. Olivia K. Walsh, MD',
        faxNumber: '201 555 0101',
        recipientType: 'Addressee',
        faxFlag: true,
        physicianId: physicianIds.walsh,
      },
      {
        id: ids[0]!.id,
        name: 'Noel Nofax',
        faxNumber: '',
        recipientType: 'CC',
        faxFlag: false,
        physicianId: physicianIds.nofax,
      },
      {
        id: ids[3]!.id,
        name: 'Dana Dash',
        faxNumber: '(201) 555-0102',
        recipientType: 'CC',
        faxFlag: false,
        physicianId: physicianIds.dashes,
      },
      {
        id: ids[4]!.id,
        name: 'Cus Tom',
        faxNumber: '973 555 0199',
        recipientType: 'Custom',
        faxFlag: true,
        physicianId: null,
      },
      {
        id: ids[5]!.id,
        name: 'Ada Lovelace',
        faxNumber: '973 555 0142',
        recipientType: 'Patient',
        faxFlag: true,
        physicianId: null,
      },
    ]);
    const [audit] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fax.contacts.read'), eq(auditLog.jobId, jobId)));
    expect(audit).toMatchObject({ outcome: 'success', detail: { recipients: 5 } });
    expect(JSON.stringify(audit!.detail)).not.toContain('Lovelace');
  });

  it('names the patient "The Patient" to an account that may not see patient names', async () => {
    const list = (await noAdt.get(`/api/jobs/getContactListForJob?jobId=${jobId}`)).json() as {
      name: string;
    }[];
    expect(list.map((r) => r.name)).toContain('The Patient');
    expect(JSON.stringify(list)).not.toContain('Lovelace');
  });

  it("answers 404 for another tenant's job or a missing one, 400 for a bad id, 401 signed out", async () => {
    for (const id of [southJobId, 999_999]) {
      const res = await manager.get(`/api/jobs/getContactListForJob?jobId=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(`Job ${id} was not found.`);
    }
    expect((await manager.get('/api/jobs/getContactListForJob?jobId=abc')).statusCode).toBe(400);
    expect((await manager.get('/api/jobs/getContactListForJob')).statusCode).toBe(400);
    expect(
      (await new TestBrowser(t.app).get(`/api/jobs/getContactListForJob?jobId=${jobId}`)).statusCode,
    ).toBe(401);
  });

  it('searches physicians of the structure by last name, first name or "Last, First", ignoring case', async () => {
    const names = async (q: string) => {
      const res = await manager.get(
        `/api/jobs/Dictators?csid=${north.structure.id}&q=${encodeURIComponent(q)}`,
      );
      expect(res.statusCode).toBe(200);
      return DictatorsResultSchema.parse(res.json()).map((r) => r.name);
    };
    expect(await names('wal')).toEqual(['Dr. Olivia K. Walsh, MD']);
    expect(await names('OLI')).toEqual(['Dr. Olivia K. Walsh, MD']);
    expect(await names('walsh, o')).toEqual(['Dr. Olivia K. Walsh, MD']);
    expect(await names('walsh, x')).toEqual([]);
    expect(await names(', noel')).toEqual(['Noel Nofax']);
    expect(await names('alsh')).toEqual([]);
    expect(await names('%')).toEqual([]);
    const all = DictatorsResultSchema.parse(
      (await manager.get(`/api/jobs/Dictators?csid=${north.structure.id}`)).json(),
    );
    expect(all.map((r) => r.name)).toEqual([
      'Dana Dash',
      'Gil Gone',
      'Noel Nofax',
      'Dr. Olivia K. Walsh, MD',
    ]);
    expect(all.find((r) => r.name === 'Dana Dash')).toEqual({
      id: physicianIds.dashes,
      name: 'Dana Dash',
      faxNumber: '(201) 555-0102',
      recipientType: 'Physician',
      faxFlag: false,
      physicianId: physicianIds.dashes,
    });
  });

  it('answers at most 300 physicians, and 404 for a structure the account may not see', async () => {
    const wide = await buildUser(t.ctx, { accounts: [{ companyId: south.structure.id }] });
    const b = new TestBrowser(t.app);
    await b.signInAs(wide.user.username, wide.password, wide.accounts[0]!.id);
    const res = await b.get(`/api/jobs/Dictators?csid=${south.structure.id}&q=south`);
    expect(res.json()).toHaveLength(300);
    expect(res.json()[0].name).toBe('First000 Southerly');
    const other = await manager.get(`/api/jobs/Dictators?csid=${south.structure.id}&q=south`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(`Unable to find corporate structure ${south.structure.id}`);
    expect((await manager.get('/api/jobs/Dictators?csid=x')).json().error.message).toContain('csid');
    expect(
      (await manager.get(`/api/jobs/Dictators?csid=${north.structure.id}&q=${'a'.repeat(101)}`)).statusCode,
    ).toBe(400);
  });
});
