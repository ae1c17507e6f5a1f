import { JobSearchResultSchema } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, physicians } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildPatient, buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('Job Search (GET /api/jobs/search) on $name', (target) => {
  let t: TestApp;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let south: Awaited<ReturnType<typeof buildStructure>>;
  let manager: TestBrowser;
  let noAdt: TestBrowser;
  let ada: Awaited<ReturnType<typeof buildPatient>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { name: 'North', facilities: 2 });
    south = await buildStructure(t.ctx, { name: 'South', facilities: 1 });
    const west = await buildStructure(t.ctx, { name: 'West', facilities: 1 });
    const [f1, f2] = north.facilities;
    ada = await buildPatient(t.ctx, north.structure.id, { first: 'Ada', last: 'Lovelace' });
    const grace = await buildPatient(t.ctx, west.structure.id, { first: 'Grace', last: 'Hopper' });
    const southAda = await buildPatient(t.ctx, south.structure.id, { first: 'Ada', last: 'Lovelace' });
    const [ng] = await t.ctx.database.db
      .insert(physicians)
      .values({ corporateStructureId: north.structure.id, firstName: 'Sam', lastName: 'Ng_Ortiz' })
      .returning();
    ids.ada1 = (
      await buildJob(t.ctx, f1!, {
        patientId: ada.id,
        dictatorId: ng!.id,
        dictatedAt: new Date('2026-03-04T15:30:00Z'),
      })
    ).id;
    ids.ada2 = (
      await buildJob(t.ctx, f2!, { patientId: ada.id, dictatedAt: new Date('2026-03-06T10:00:00Z') })
    ).id;
    for (let i = 0; i < 11; i++)
      await buildJob(t.ctx, f1!, {
        dictatedAt: new Date(`2026-01-${String(10 + i).padStart(2, '0')}T12:00:00Z`),
      });
    ids.west = (await buildJob(t.ctx, west.facilities[0]!, { patientId: grace.id })).id;
    ids.south = (await buildJob(t.ctx, south.facilities[0]!, { patientId: southAda.id })).id;

    // The manager sees North and West; South is another tenant's.
    const m = await buildUser(t.ctx, {
      username: 'mgr',
      accounts: [{ companyId: north.structure.id, access: [north.structure.id, west.structure.id] }],
    });
    manager = new TestBrowser(t.app);
    await manager.signInAs('mgr', m.password, m.accounts[0]!.id);
    const v = await buildUser(t.ctx, {
      username: 'viewer',
      accounts: [{ companyId: north.structure.id, memberType: 1, permissions: ['jobView'] }],
    });
    noAdt = new TestBrowser(t.app);
    await noAdt.signInAs('viewer', v.password, v.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  async function search(b: TestBrowser, query: string) {
    const res = await b.get(`/api/jobs/search?${query}`);
    return { res, body: res.statusCode === 200 ? JobSearchResultSchema.parse(res.json()) : null };
  }

  it('finds a job by id, with its structure, as a job list row', async () => {
    const { body } = await search(manager, `jobId=${ids.ada1}`);
    expect(body!.total).toBe(1);
    expect(body!.rows[0]).toMatchObject({
      jobId: ids.ada1,
      corporateStructureId: north.structure.id,
      patientName: 'Lovelace, Ada',
      patientMRN: ada.mrn,
      dictatorName: 'Ng_Ortiz, Sam',
    });
  });

  it('finds jobs by patient (last name prefix, or "Last, First"), in every structure the account sees', async () => {
    const byLast = await search(manager, 'patient=LOVE');
    expect(byLast.body!.rows.map((r) => r.jobId)).toEqual([ids.ada2, ids.ada1]);
    const byFull = await search(manager, `patient=${encodeURIComponent('lovelace, a')}`);
    expect(byFull.body!.total).toBe(2);
    const west = await search(manager, 'patient=hop');
    expect(west.body!.rows.map((r) => r.jobId)).toEqual([ids.west]);
  });

  it("never answers another tenant's jobs: by id, by patient, or by naming its structure (404)", async () => {
    expect((await search(manager, `jobId=${ids.south}`)).body!.total).toBe(0);
    expect((await search(manager, 'patient=Lovelace')).body!.rows.map((r) => r.jobId)).not.toContain(
      ids.south,
    );
    const named = await search(manager, `jobId=${ids.south}&cs=${south.structure.id}`);
    expect(named.res.statusCode).toBe(404);
    expect(named.res.json().error.message).toBe(`Unable to find corporate structure ${south.structure.id}`);
  });

  it('finds by MRN (exact) and by dictator; a % or _ is taken literally', async () => {
    expect((await search(manager, `mrn=${ada.mrn}`)).body!.total).toBe(2);
    expect((await search(manager, 'dictator=ng_')).body!.rows.map((r) => r.jobId)).toEqual([ids.ada1]);
    expect((await search(manager, 'dictator=n%25')).body!.total).toBe(0);
  });

  it('finds by dictation days (the facility day) and pages the result', async () => {
    const first = await search(manager, 'from=2026-01-01&to=2026-01-31&pageSize=10');
    expect(first.body!.total).toBe(11);
    expect(first.body!.rows).toHaveLength(10);
    const second = await search(manager, 'from=2026-01-01&to=2026-01-31&pageSize=10&page=2');
    expect(second.body!.rows).toHaveLength(1);
    expect(second.body!.page).toBe(2);
    const all = [...first.body!.rows, ...second.body!.rows].map((r) => r.jobId);
    expect(new Set(all).size).toBe(11);
    expect((await search(manager, 'from=2026-03-04&to=2026-03-04')).body!.rows.map((r) => r.jobId)).toEqual([
      ids.ada1,
    ]);
  });

  it('refuses bad input with a message to act on (400)', async () => {
    for (const [query, text] of [
      ['', 'Enter a job ID, patient, MRN, dictator or dictation dates to search'],
      ['jobId=12a', 'Job ID must be a whole number'],
      ['patient=a', 'Patient needs at least 2 characters'],
      [`patient=${'x'.repeat(101)}`, 'Patient may be at most 100 characters'],
      ['from=2026-02-30', 'From must be a date as YYYY-MM-DD'],
      ['from=2026-03-05&to=2026-03-01', 'From must not be after To'],
      ['jobId=1&pageSize=1000', 'pageSize must be one of 10, 25, 50, 100'],
      ['jobId=1&page=0', 'page starts at 1'],
      ['jobId=1&page=1001', 'page may be at most 1000'],
    ] as const) {
      const res = await manager.get(`/api/jobs/search?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toContain(text);
    }
  });

  it('without the permission to see patient names: no patient or MRN search (403), and rows withhold both', async () => {
    const refused = await noAdt.get('/api/jobs/search?patient=Lovelace');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You do not have permission to search by patient or MRN.');
    expect((await noAdt.get(`/api/jobs/search?mrn=${ada.mrn}`)).statusCode).toBe(403);
    const { body } = await search(noAdt, `jobId=${ids.ada1}`);
    // Withheld alike (issue 41): null, which the page shows as the columns' labels.
    expect(body!.rows[0]).toMatchObject({ jobId: ids.ada1, patientName: null, patientMRN: null });
    expect(JSON.stringify(body)).not.toContain(ada.mrn);
  });

  it('is audited as a read, with the criteria used and the jobs answered but not the searched text', async () => {
    await search(manager, 'patient=Lovelace&from=2026-03-01');
    const rows = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'jobsearch.read'), eq(auditLog.outcome, 'success')));
    const last = rows.at(-1)!;
    expect(last.detail).toMatchObject({
      criteria: ['patient', 'from'],
      total: 2,
      jobIds: [ids.ada2, ids.ada1],
    });
    expect(JSON.stringify(last.detail)).not.toContain('Lovelace');
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const params = doc.paths['/api/jobs/search'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['jobId', 'patient', 'mrn', 'dictator', 'from', 'to', 'page']),
    );
  });

  it('needs a signed-in account', async () => {
    const anonymous = new TestBrowser(t.app);
    expect((await anonymous.get('/api/jobs/search?jobId=1')).statusCode).toBe(401);
  });
});
