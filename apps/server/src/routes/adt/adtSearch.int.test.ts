import { PERMISSIONS } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients } from '../../db/schema/index.js';
import { AT, buildAdtSearchWorld } from '../../testing/adtSearchTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

type Value = { raw: string | null };
type Found = {
  instanceId: number;
  value: Value[];
  visit: { instanceId: number; value: Value[]; order: { value: Value[] }[] }[];
};

describe.each(databaseTargets())('searchadt on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildAdtSearchWorld>>;
  let ed: TestBrowser;
  let noAdt: TestBrowser;
  let outsider: TestBrowser;
  let jobId: number;
  let southJobId: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildAdtSearchWorld(t.ctx);
    ed = await w.browser(t.app, 0);
    jobId = (await w.makeJob({}, null)).id;
    southJobId = (await buildJob(t.ctx, w.south.facilities[0]!)).id;
    const n = await buildUser(t.ctx, {
      username: 'no-adt-edit',
      accounts: [
        { companyId: w.north.structure.id, permissions: PERMISSIONS.filter((p) => p !== 'jobEditAdt') },
      ],
    });
    noAdt = new TestBrowser(t.app);
    await noAdt.signInAs('no-adt-edit', n.password, n.accounts[0]!.id);
    const o = await buildUser(t.ctx, {
      username: 'south-editor',
      accounts: [{ companyId: w.south.structure.id }],
    });
    outsider = new TestBrowser(t.app);
    await outsider.signInAs('south-editor', o.password, o.accounts[0]!.id);
  }, 120_000);
  afterAll(async () => t?.close());

  const search = (
    values: [keyof typeof AT, string | null][],
    opts: { identifier?: string; jobId?: number; companyId?: number; as?: TestBrowser } = {},
  ) =>
    (opts.as ?? ed).post('/api/job/searchadt', {
      companyId: opts.companyId ?? w.cf.id,
      jobId: opts.jobId ?? jobId,
      identifier: opts.identifier ?? 'patient',
      inputAdtData: values.map(([at, value]) => ({ hl7Identifier: AT[at], value })),
    });
  const found = async (res: Awaited<ReturnType<typeof search>>) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json().patient as Found[];
  };
  const mrns = (ps: Found[]) => ps.map((p) => p.value[0]!.raw);
  const expect400 = async (res: Awaited<ReturnType<typeof search>>, text: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(text);
  };

  it('finds patients by a case-insensitive last-name prefix, with their visits and orders', async () => {
    const res = await search([['last', 'kOWAL']]);
    const ps = await found(res);
    // Kowalczyk before Kowalski; South's Kowalski is never found.
    expect(mrns(ps)).toEqual(['K-1002', 'K-1001']);
    const body = res.json();
    expect(body.truncated).toBe(false);
    expect(body.patientMatchField.map((f: { name: string }) => f.name)).toEqual([
      'Patient ID (MRN)',
      'Last Name',
      'First Name',
      'Middle Name',
      'Date of Birth',
      'Sex',
    ]);
    expect(body.visitMatchField).toHaveLength(4);
    expect(body.orderMatchField).toHaveLength(3);
    const anna = ps[1]!;
    expect(anna.instanceId).toBe(w.anna.id);
    expect(anna.value.map((v) => v.raw)).toEqual(['K-1001', 'Kowalski', 'Anna', null, '1961-04-12', 'F']);
    // Newest visit first; its orders by date then id. Times are the facility's wall clock (New York).
    expect(anna.visit.map((v) => v.value.map((x) => x.raw))).toEqual([
      ['VN-2', 'I', '2026-03-02T09:00:00', null],
      ['VN-1', 'I', '2026-01-10T03:30:00', null],
    ]);
    expect(anna.visit[0]!.order.map((o) => o.value.map((x) => x.raw))).toEqual([
      ['ORD-2', 'Complete blood count', '2026-03-02T09:00:00'],
      ['ORD-3', 'Echocardiogram', '2026-03-02T09:00:00'],
    ]);
    expect(anna.visit[1]!.order).toHaveLength(1);
    // Names are prefixes, not infixes.
    expect(await found(await search([['last', 'walski']]))).toEqual([]);
  });

  it('finds by patient id (MRN) exactly, and only in the job’s structure', async () => {
    const ps = await found(await search([['mrn', 'K-1001']]));
    expect(ps.map((p) => p.instanceId)).toEqual([w.anna.id]);
    expect(ps[0]!.visit).toHaveLength(2);
    expect(await found(await search([['mrn', 'K-100']]))).toEqual([]);
  });

  it('finds by date of birth, and combines the fields of a search with AND', async () => {
    expect(mrns(await found(await search([['dob', '1961-04-12']])))).toEqual(['K-1001', 'N-1']);
    expect(
      mrns(
        await found(
          await search([
            ['dob', '1961-04-12'],
            ['first', 'an'],
            ['last', 'NO'],
          ]),
        ),
      ),
    ).toEqual(['N-1']);
    // Empty fields are not searched.
    expect(
      mrns(
        await found(
          await search([
            ['dob', '1975-09-30'],
            ['last', null],
            ['first', '  '],
          ]),
        ),
      ),
    ).toEqual(['K-1002']);
  });

  it('finds by visit number (that visit only) and by order number (its visit and that order)', async () => {
    const byVisit = await found(await search([['visitNumber', 'VN-1']], { identifier: 'visit' }));
    expect(byVisit.map((p) => p.instanceId)).toEqual([w.anna.id]);
    expect(byVisit[0]!.visit.map((v) => v.value[0]!.raw)).toEqual(['VN-1']);
    expect(await found(await search([['visitNumber', 'VS-1']], { identifier: 'visit' }))).toEqual([]);
    const byDay = await found(await search([['admitted', '2026-02-01']], { identifier: 'visit' }));
    expect(byDay.map((p) => p.instanceId)).toEqual([w.piotr.id]);

    const byOrder = await found(await search([['orderNumber', 'ORD-3']], { identifier: 'order' }));
    expect(byOrder[0]!.visit.map((v) => [v.value[0]!.raw, v.order.map((o) => o.value[0]!.raw)])).toEqual([
      ['VN-2', ['ORD-3']],
    ]);
    expect(await found(await search([['orderNumber', 'ORD-S']], { identifier: 'order' }))).toEqual([]);
  });

  it('answers 400 for a value under 2 characters, a bad date, an unknown search or field', async () => {
    const short = 'Value must be at least 2 characters';
    await expect400(await search([['last', 'K']]), short);
    await expect400(await search([['last', ' K ']]), short);
    await expect400(
      await search([
        ['last', 'Kowalski'],
        ['first', 'A'],
      ]),
      short,
    );
    await expect400(await search([['last', '']]), short);
    await expect400(await search([['dob', '12/04/1961']]), 'Date of Birth must be a date (YYYY-MM-DD)');
    await expect400(
      await search([['last', 'Kowalski']], { identifier: 'nosuch' }),
      'The facility has no search named nosuch',
    );
    await expect400(await search([['visitNumber', 'VN-1']]), 'PID.18.1 is not a field of this search');
  });

  it('needs jobEditAdt (403), the account’s job (404) and the job’s facility (404)', async () => {
    const denied = await search([['last', 'Kowalski']], { as: noAdt });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('You do not have permission to edit patient data of jobs');
    // Another tenant's job answers as a missing one, whoever asks.
    for (const [as, id] of [
      [outsider, jobId],
      [ed, southJobId],
      [ed, 99_999_999],
    ] as const) {
      const res = await search([['last', 'Kowalski']], { as, jobId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(`Job ${id} was not found.`);
    }
    const otherFacility = await search([['last', 'Kowalski']], { companyId: w.south.facilities[0]!.id });
    expect(otherFacility.statusCode).toBe(404);
  });

  it('answers at most the limit, says so, and audits without the searched values', async () => {
    await t.ctx.database.db.insert(patients).values(
      Array.from({ length: 101 }, (_, i) => ({
        corporateStructureId: w.north.structure.id,
        mrn: `T-${i}`,
        lastName: 'Truncated',
        firstName: `Pat${String(i).padStart(3, '0')}`,
      })),
    );
    const res = await search([['last', 'trunc']]);
    expect((await found(res)).length).toBe(100);
    expect(res.json().truncated).toBe(true);
    const [row] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adt.search'), eq(auditLog.jobId, jobId)))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(0);
    expect(row).toMatchObject({ outcome: 'success', userId: w.editors[0]!.user.id });
    expect(row!.detail).toMatchObject({ identifier: 'patient', fields: ['PID.5.1'] });
    const all = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'adt.search'));
    const logged = JSON.stringify(all);
    for (const value of ['kOWAL', 'K-1001', '1961-04-12', 'VN-1', 'ORD-3', '2026-02-01', '"trunc"'])
      expect(logged).not.toContain(value);
  });
});
