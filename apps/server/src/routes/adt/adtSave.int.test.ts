import type { JobAdt } from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobFlags, jobOrders, jobs } from '../../db/schema/index.js';
import { adtInput, buildAdtWorld, physicianInput } from '../../testing/adtTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { jobDataBody } from '../../testing/jobEditorTestKit.js';
import type { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('saves with ADT on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildAdtWorld>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildAdtWorld(t.ctx, t.app);
  }, 120_000);
  afterAll(async () => t?.close());

  const db = () => t.ctx.database.db;
  const stored = async (jobId: number) => (await db().select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
  const ordersOf = (jobId: number) =>
    db().select().from(jobOrders).where(eq(jobOrders.jobId, jobId)).orderBy(asc(jobOrders.ordinal));
  const adtAudits = (jobId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, jobId), eq(auditLog.action, 'adt.save')));
  const snapshot = async (jobId: number) => ({
    job: await stored(jobId),
    orders: await ordersOf(jobId),
    audits: (await adtAudits(jobId)).length,
  });
  const book = async (b: TestBrowser, jobId: number) => {
    const res = await b.post('/api/job/bookoutjob', { jobId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().bookingCookie as string;
  };
  const dataOf = async (jobId: number, b = w.editor) =>
    jobDataBody((await b.get(`/api/job/getjobdata?jobId=${jobId}`)).json());
  const save = (b: TestBrowser, jobId: number, cookie: string, saveMode: number, data: object) =>
    b.post('/api/job/savejob', {
      jobId,
      version: 1,
      bookingCookie: cookie,
      saveMode,
      setJobDataRequest: data,
    });

  it('a value that does not read by its data type answers 400 naming the field, and nothing is stored', async () => {
    const job = await w.makeJob({ adt: { 'PID.19.1': '912-34-5678' } }, null);
    const cookie = await book(w.editor, job.id);
    const data = await dataOf(job.id);
    const before = await snapshot(job.id);
    const cases = [
      [
        adtInput('PID.19.1', '912345678'),
        'Social Security No. must be a social security number (###-##-####)',
      ],
      [adtInput('PID.7.1', '1958-02-30'), 'Date of Birth must be a date (YYYY-MM-DD)'],
      [adtInput('ZPI.1.1', '1'.repeat(33)), 'Weight (kg) must be a number of at most 32 digits'],
      [adtInput('PID.11.1', 'x'), 'PID.11.1 is not an ADT field of this facility'],
      [adtInput('ZPI.3.1', '09:00'), 'Call Time cannot be changed'],
    ] as const;
    for (const [bad, text] of cases) {
      // The good value and the job data next to the bad value are not stored either.
      const res = await save(w.editor, job.id, cookie, 0, {
        ...data,
        stat: 'U',
        inputAdtData: [adtInput('PID.8.1', 'M'), bad],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(text);
    }
    const physician = await save(w.editor, job.id, cookie, 0, {
      ...data,
      hl7Physician: [physicianInput('PV1.8', w.southDoc.id)],
    });
    expect(physician.statusCode).toBe(400);
    expect(physician.json().error.message).toBe(
      `Physician ${w.southDoc.id} was not found in this corporate structure.`,
    );
    expect(await snapshot(job.id)).toEqual(before);
  });

  it('a save with recheck that fills the missing mandatory fields takes the job out of the hold queue', async () => {
    const job = await w.makeJob({}, null);
    await db()
      .insert(jobFlags)
      .values({ jobId: job.id, code: 'HQ01', description: 'Mandatory patient demographics are missing' });
    const held = async () =>
      (
        (await w.editor.get(`/api/jobs/him?corpId=${w.north.structure.id}&cfs=${w.cf.id}`)).json() as {
          jobId: number;
        }[]
      ).some((r) => r.jobId === job.id);
    expect(await held()).toBe(true);

    // Half filled: the rule still triggers on the new ADT and the job goes back to the hold queue.
    let cookie = await book(w.editor, job.id);
    const data = await dataOf(job.id);
    const half = await save(w.editor, job.id, cookie, 3, {
      ...data,
      inputAdtData: [adtInput('PID.7.1', '1958-04-12')],
    });
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json().flags.map((f: { code: string }) => f.code)).toEqual(['HQ01']);
    expect(await held()).toBe(true);

    cookie = await book(w.editor, job.id);
    const res = await w.editor.post('/api/job/savejob', {
      jobId: job.id,
      version: 2,
      bookingCookie: cookie,
      saveMode: 3,
      setJobDataRequest: { ...data, inputAdtData: [adtInput('PID.18.1', 'V-7'), adtInput('PID.8.1', ' F ')] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().flags).toEqual([]);
    const after = await stored(job.id);
    expect(after.adt).toEqual({ 'PID.7.1': '1958-04-12', 'PID.18.1': 'V-7', 'PID.8.1': 'F' });
    expect(after.stageId).not.toBe(3);
    expect(await held()).toBe(false);
    expect((await adtAudits(job.id)).map((a) => a.detail)).toEqual([
      { values: ['PID.7.1'], physicians: [], orders: null },
      { values: ['PID.18.1', 'PID.8.1'], physicians: [], orders: null },
    ]);
    const adt = (await w.editor.get(`/api/job/getadtdata?jobId=${job.id}`)).json() as JobAdt;
    expect(adt.outputAdtData.find((i) => i.displayName === 'Visit Number')!.value).toBe('V-7');
  });

  it('without jobEditAdt a save that changes ADT, physician items or orders answers 403 and stores nothing; posting them unchanged is allowed', async () => {
    const job = await w.makeJob(
      {
        adt: { 'ZPI.3.1': '08:30', 'PID.19.1': '912-34-5678', 'ZPI.1.1': '72.50' },
        adtPhysicians: { 'PV1.8': w.docs[2]!.id },
        visitId: w.admission.id,
      },
      null,
    );
    await db()
      .insert(jobOrders)
      .values({ jobId: job.id, orderId: w.chest.id, adt: { 'ORC.2.1': 'ORD-1' } });
    const noEdit = await w.sign(['jobView', 'jobEdit', 'adtView', 'adtEdit']);
    const cookie = await book(noEdit, job.id);
    const data = await dataOf(job.id, noEdit);
    const adt = (await noEdit.get(`/api/job/getadtdata?jobId=${job.id}`)).json() as JobAdt;
    const values = (items: JobAdt['outputAdtData']) =>
      items.map((i) => ({ hl7Identifier: i.hl7Identifier, value: i.value }));
    // The panel's ADT posted back, values in their parsed forms: the same readings, no change.
    const unchanged = {
      inputAdtData: adt.outputAdtData.map((i) => ({
        hl7Identifier: i.hl7Identifier,
        value: typeof i.parsedValue === 'string' ? i.parsedValue : i.value,
      })),
      hl7Physician: adt.hl7Physician.map((p) => ({
        hl7IdentifierBase: p.hl7IdentifierBase,
        physicianId: p.physician?.userId ?? null,
      })),
      orderData: adt.orderData.map((o) => ({
        instanceId: o.instanceId,
        orderId: o.orderId,
        outputAdtData: values(o.outputAdtData),
      })),
    };
    const set = (extra: object) =>
      noEdit.post('/api/job/setjobdata', {
        bookingCookie: cookie,
        jobData: { ...data, ...unchanged, ...extra },
      });
    const same = await set({});
    expect(same.statusCode, same.body).toBe(200);
    const before = await snapshot(job.id);
    expect(before.job.adt).toEqual({ 'ZPI.3.1': '08:30', 'PID.19.1': '912-34-5678', 'ZPI.1.1': '72.50' });
    expect(before.audits).toBe(0);

    for (const extra of [
      { inputAdtData: [adtInput('PID.8.1', 'F')] },
      { inputAdtData: [adtInput('PID.5.2', null)] },
      { hl7Physician: [physicianInput('PV1.8', null)] },
      { orderData: [] },
      { orderData: [...unchanged.orderData, { instanceId: null, outputAdtData: [] }] },
    ]) {
      const res = await set(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(403);
      expect(res.json().error.message).toBe('You do not have permission to edit patient data of jobs');
    }
    expect(await snapshot(job.id)).toEqual(before);
  });

  it('a save adds, updates, reorders and removes orders; a new order links only an order of the job’s visit', async () => {
    const job = await w.makeJob({ visitId: w.admission.id, patientId: w.grace.id }, null);
    const [chestRow] = await db()
      .insert(jobOrders)
      .values([
        {
          jobId: job.id,
          orderId: w.chest.id,
          ordinal: 0,
          adt: { 'ORC.2.1': 'ORD-1', 'OBR.4.2': 'Chest X-ray' },
        },
        { jobId: job.id, orderId: null, ordinal: 1, adt: { 'ORC.2.1': 'HAND-1' } },
      ])
      .returning();
    const cookie = await book(w.editor, job.id);
    const data = await dataOf(job.id);
    const set = (orderData: unknown[] | undefined, extra: object = {}) =>
      w.editor.post('/api/job/setjobdata', {
        bookingCookie: cookie,
        jobData: { ...data, orderData, ...extra },
      });
    const before = await snapshot(job.id);
    const refused = [
      [
        [{ instanceId: 'tmp-1', orderId: w.petersOrder.id, outputAdtData: [] }],
        'The order was not found for this visit',
      ],
      [
        [
          { instanceId: String(chestRow!.id), outputAdtData: [] },
          { instanceId: 'tmp-1', orderId: w.chest.id, outputAdtData: [] },
        ],
        `Order ${w.chest.id} is on the job twice`,
      ],
      [
        [{ instanceId: null, outputAdtData: [adtInput('OBR.7.1', 'tomorrow')] }],
        'Ordered At must be a date and time (YYYY-MM-DDThh:mm:ss)',
      ],
      [
        [{ instanceId: null, outputAdtData: [adtInput('PID.5.1', 'x')] }],
        'PID.5.1 is not an ADT field of this facility',
      ],
    ] as const;
    for (const [orderData, text] of refused) {
      const res = await set([...orderData]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(text);
    }
    expect(await snapshot(job.id)).toEqual(before);

    const ok = await set([
      {
        instanceId: 'tmp-1',
        orderId: w.blood.id,
        outputAdtData: [adtInput('ORC.2.1', 'ORD-2')],
        hl7Physician: [physicianInput('OBR.16', w.docs[2]!.id)],
      },
      { instanceId: String(chestRow!.id), outputAdtData: [adtInput('OBR.4.2', 'Chest X-ray, two views')] },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = await ordersOf(job.id);
    expect(rows.map((o) => [o.orderId, o.ordinal, o.adt, o.physicians])).toEqual([
      [w.blood.id, 0, { 'ORC.2.1': 'ORD-2' }, { 'OBR.16': w.docs[2]!.id }],
      [w.chest.id, 1, { 'ORC.2.1': 'ORD-1', 'OBR.4.2': 'Chest X-ray, two views' }, {}],
    ]);
    expect(rows[1]!.id).toBe(chestRow!.id);
    expect((await adtAudits(job.id)).map((a) => a.detail)).toEqual([
      { values: [], physicians: [], orders: { added: 1, updated: 1, removed: 1 } },
    ]);
    const adt = (await w.editor.get(`/api/job/getadtdata?jobId=${job.id}`)).json() as JobAdt;
    expect(adt.orderData.map((o) => o.instanceId)).toEqual([String(rows[0]!.id), String(chestRow!.id)]);

    // Without orderData the orders stay; an empty list removes them all.
    expect((await set(undefined, { stat: 'U' })).statusCode).toBe(200);
    expect(await ordersOf(job.id)).toEqual(rows);
    expect((await set([])).statusCode).toBe(200);
    expect(await ordersOf(job.id)).toEqual([]);
  });
});
