import type { AdtItem, JobAdt } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobOrders } from '../../db/schema/index.js';
import { buildAdtWorld } from '../../testing/adtTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('getadtdata on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildAdtWorld>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildAdtWorld(t.ctx, t.app);
  }, 120_000);
  afterAll(async () => t?.close());

  const read = async (jobId: number, b = w.editor) => {
    const res = await b.get(`/api/job/getadtdata?jobId=${jobId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as JobAdt;
  };
  const byName = (items: AdtItem[]) => Object.fromEntries(items.map((i) => [i.displayName, i]));

  it('answers the items mandatory first, by ordinal with 0 last, each value read by its data type', async () => {
    const job = await w.makeJob({
      adt: {
        'PID.3.1': '100234',
        'PID.5.1': 'Okafor',
        'PID.7.1': '1958-04-12',
        'PID.19.1': '123',
        'PV1.44.1': '2026-03-11T08:30:00',
        'ZPI.1.1': '0072.50',
        'ZPI.2.1': 'TRUE',
        'ZPI.3.1': '08:30',
        'PID.11.1': 'not a field of this facility',
      },
      adtPhysicians: { 'PV1.7': w.docs[0]!.id, 'PV1.8': w.southDoc.id },
    });
    const adt = await read(job.id);
    expect(adt.outputAdtData.map((i) => i.displayName)).toEqual([
      'Last Name',
      'First Name',
      'Date of Birth',
      'Visit Number',
      'MRN',
      'Sex',
      'Social Security No.',
      'Admit Date/Time',
      'Weight (kg)',
      'Smoker',
      'Call Time',
      'Insurance Company',
      'Middle Name',
    ]);
    const items = byName(adt.outputAdtData);
    expect(items['Last Name']).toMatchObject({
      hl7Identifier: { segment: 'PID', field: 5, component: 1 },
      value: 'Okafor',
      parsedValue: 'Okafor',
      dataType: 4,
      displayDataType: 'string',
      mandatory: true,
      source: 'patient',
    });
    // The linked patient's registered first name fills the value the job lacks (as the rules read it).
    expect(items['First Name']!.value).toBe('Adam');
    expect(items['Date of Birth']).toMatchObject({ parsedValue: '1958-04-12', displayDataType: 'date' });
    expect(items['Visit Number']).toMatchObject({ value: null, parsedValue: null, source: 'visit' });
    // A stored value that does not read keeps its text, without a parsed value.
    expect(items['Social Security No.']).toMatchObject({
      value: '123',
      parsedValue: null,
      displayDataType: 'social security number',
      highlighted: true,
    });
    expect(items['Admit Date/Time']).toMatchObject({
      parsedValue: '2026-03-11T08:30:00',
      displayDataType: 'datetime',
      refreshOnEdit: true,
    });
    expect(items['Weight (kg)']).toMatchObject({
      value: '0072.50',
      parsedValue: '72.5',
      displayDataType: 'decimal',
    });
    expect(items.Smoker).toMatchObject({ parsedValue: true, displayDataType: 'boolean' });
    expect(items['Call Time']).toMatchObject({
      parsedValue: '08:30:00',
      displayDataType: 'time',
      readOnly: true,
    });
    expect(items['Insurance Company']).toMatchObject({ source: 'visit', ordinal: 0 });

    // Physician-type items: the structure's physician shown, another tenant's read as none.
    expect(adt.hl7Physician.map((p) => [p.displayName, p.physician?.lastName ?? null, p.follows])).toEqual([
      ['Attending Physician', 'House', 'dictator'],
      ['Referring Physician', null, null],
    ]);
    expect(adt.hl7Physician[0]).toMatchObject({
      hl7IdentifierBase: { segment: 'PV1', field: 7 },
      refreshOnEdit: true,
    });

    expect(adt.adtSearchConfiguration).toEqual({
      availableSearch: [
        {
          name: 'Patient search',
          identifier: 'patient',
          searchField: [
            {
              name: 'Last Name',
              type: 'string',
              value: null,
              hl7Identifier: { segment: 'PID', field: 5, component: 1 },
              source: 'patient',
            },
          ],
        },
      ],
    });
    const [audit] = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'adt.read')));
    expect(audit).toMatchObject({ outcome: 'success', patientId: w.patient.id, detail: { orders: 0 } });
  });

  it('answers orders with the template and summary only where the facility has order definitions', async () => {
    const job = await w.makeJob({}, null);
    await t.ctx.database.db.insert(jobOrders).values([
      { jobId: job.id, orderId: w.blood.id, ordinal: 1, adt: { 'ORC.2.1': 'ORD-2' } },
      {
        jobId: job.id,
        orderId: null,
        ordinal: 0,
        adt: { 'ORC.2.1': 'BY-HAND', 'OBR.7.1': '2026-03-11T10:00:00' },
        physicians: { 'OBR.16': w.docs[2]!.id },
      },
    ]);
    const adt = await read(job.id);
    expect(adt.orderTemplate!.outputAdtData.map((i) => [i.displayName, i.value, i.source])).toEqual([
      ['Order Number', null, 'order'],
      ['Procedure', null, 'order'],
      ['Ordered At', null, 'order'],
    ]);
    expect(adt.orderTemplate!.hl7Physician.map((p) => p.displayName)).toEqual(['Ordering Physician']);
    expect(adt.orderSummary).toEqual([
      { segment: 'ORC', field: 2, component: 1, displayName: 'Order Number' },
      { segment: 'OBR', field: 4, component: 2, displayName: 'Procedure' },
    ]);
    expect(adt.orderData.map((o) => [o.orderId, o.outputAdtData[0]!.value])).toEqual([
      [null, 'BY-HAND'],
      [w.blood.id, 'ORD-2'],
    ]);
    expect(adt.orderData[0]!.outputAdtData[2]!.parsedValue).toBe('2026-03-11T10:00:00');
    expect(adt.orderData[0]!.hl7Physician[0]!.physician!.lastName).toBe('Wilson');
    expect(adt.orderData[0]!.instanceId).toMatch(/^\d+$/);
    // The patient and visit items carry no order fields.
    expect(adt.outputAdtData.some((i) => i.source === 'order')).toBe(false);

    const plainJob = await buildJob(t.ctx, w.plain, { stageId: 3, adt: { 'PID.19.1': '912-34-5678' } });
    await t.ctx.database.db.insert(jobOrders).values({ jobId: plainJob.id, orderId: w.chest.id });
    const plain = await read(plainJob.id);
    expect(plain).toMatchObject({
      orderTemplate: null,
      orderSummary: [],
      orderData: [],
      adtSearchConfiguration: null,
    });
    // The structure's own SSN definition, not the other facility's override.
    expect(byName(plain.outputAdtData).SSN).toMatchObject({ parsedValue: '912-34-5678', highlighted: false });
    expect(plain.outputAdtData.map((i) => i.displayName)).not.toContain('MRN');
  });

  it('answers 404 for another tenant’s job and 403 without a permission that shows patient data', async () => {
    const job = await w.makeJob({}, null);
    const outsider = await w.sign(undefined, w.south.structure.id);
    const other = await outsider.get(`/api/job/getadtdata?jobId=${job.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(`Job ${job.id} was not found.`);

    const noAdt = await w.sign(['jobView', 'jobEdit', 'jobViewText']);
    const refused = await noAdt.get(`/api/job/getadtdata?jobId=${job.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You do not have permission to view patient data');
    for (const permission of ['adtView', 'adtEdit', 'jobEditAdt']) {
      const b = await w.sign(['jobView', permission]);
      expect((await b.get(`/api/job/getadtdata?jobId=${job.id}`)).statusCode).toBe(200);
    }
    const u = await buildUser(t.ctx, {
      accounts: [{ companyId: w.north.structure.id, permissions: ['adtView'] }],
    });
    const noView = new TestBrowser(t.app);
    await noView.signInAs(u.user.username, u.password, u.accounts[0]!.id);
    const noJobView = await noView.get(`/api/job/getadtdata?jobId=${job.id}`);
    expect(noJobView.statusCode).toBe(403);
    expect(noJobView.json().error.message).toBe('You do not have permission to view jobs');
  });
});
