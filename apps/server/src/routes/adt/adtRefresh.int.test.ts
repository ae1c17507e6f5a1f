import type { AdtItem, PhysicianAdtItem, RefreshJobDataResult } from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobOrders, jobs } from '../../db/schema/index.js';
import { adtInput, buildAdtWorld, physicianInput } from '../../testing/adtTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { jobDataBody } from '../../testing/jobEditorTestKit.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('RefreshJobData and RunHoldQueueCheck with ADT on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildAdtWorld>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildAdtWorld(t.ctx, t.app);
  }, 120_000);
  afterAll(async () => t?.close());

  const db = () => t.ctx.database.db;
  const snapshot = async (jobId: number) => ({
    job: (await db().select().from(jobs).where(eq(jobs.id, jobId)))[0]!,
    orders: await db().select().from(jobOrders).where(eq(jobOrders.jobId, jobId)).orderBy(asc(jobOrders.id)),
  });
  const dataOf = async (jobId: number) =>
    jobDataBody((await w.editor.get(`/api/job/getjobdata?jobId=${jobId}`)).json());
  const doctor = (items: PhysicianAdtItem[], name: string) =>
    items.find((p) => p.displayName === name)!.physician?.lastName ?? null;
  const value = (items: AdtItem[], name: string) => items.find((i) => i.displayName === name)!.value;

  it('with another dictator the attending item follows; posted values and orders show; nothing is stored', async () => {
    const job = await w.makeJob(
      {
        visitId: w.admission.id,
        adt: { 'PID.8.1': 'F' },
        adtPhysicians: { 'PV1.7': w.docs[0]!.id, 'PV1.8': w.docs[2]!.id },
      },
      null,
    );
    await db()
      .insert(jobOrders)
      .values({ jobId: job.id, orderId: w.chest.id, adt: { 'ORC.2.1': 'ORD-1' } });
    const before = await snapshot(job.id);
    const data = await dataOf(job.id);
    const res = await w.editor.post('/api/job/RefreshJobData', {
      ...data,
      dictator: w.docs[1]!.id,
      inputAdtData: [adtInput('PID.8.1', 'M')],
      // The panel still shows the old attending: the dictator change wins.
      hl7Physician: [physicianInput('PV1.7', w.docs[0]!.id)],
      orderData: [{ instanceId: null, outputAdtData: [adtInput('ORC.2.1', 'NEW-1')] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as RefreshJobDataResult;
    expect(body.dictator).toBe(w.docs[1]!.id);
    expect(body).not.toHaveProperty('inputAdtData');
    const adt = body.adt!;
    expect(doctor(adt.hl7Physician, 'Attending Physician')).toBe('Cuddy');
    expect(doctor(adt.hl7Physician, 'Referring Physician')).toBe('Wilson');
    expect(value(adt.outputAdtData, 'Sex')).toBe('M');
    expect(
      adt.orderData.map((o) => [o.instanceId, o.orderId, value(o.outputAdtData, 'Order Number')]),
    ).toEqual([['new-1', null, 'NEW-1']]);
    expect(await snapshot(job.id)).toEqual(before);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'job.data.refresh')));
    expect(audit!.detail).toEqual({ adt: true });

    // The dictator unchanged: an attending chosen by hand stays; no dictator empties the item.
    const kept = await w.editor.post('/api/job/RefreshJobData', {
      ...data,
      hl7Physician: [physicianInput('PV1.7', w.docs[2]!.id)],
    });
    expect(doctor((kept.json() as RefreshJobDataResult).adt!.hl7Physician, 'Attending Physician')).toBe(
      'Wilson',
    );
    const none = await w.editor.post('/api/job/RefreshJobData', { ...data, dictator: null });
    expect(doctor((none.json() as RefreshJobDataResult).adt!.hl7Physician, 'Attending Physician')).toBeNull();
    expect(await snapshot(job.id)).toEqual(before);
  });

  it('answers adt null without a permission that shows patient data; a change without jobEditAdt is 403; bad values are 400', async () => {
    const job = await w.makeJob({ adt: { 'PID.8.1': 'F' } }, null);
    const data = await dataOf(job.id);
    const blind = await w.sign(['jobView']);
    const hidden = await blind.post('/api/job/RefreshJobData', data);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().adt).toBeNull();

    const viewer = await w.sign(['jobView', 'adtView']);
    const shown = await viewer.post('/api/job/RefreshJobData', {
      ...data,
      inputAdtData: [adtInput('PID.8.1', 'F')],
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(value((shown.json() as RefreshJobDataResult).adt!.outputAdtData, 'Sex')).toBe('F');
    const changed = await viewer.post('/api/job/RefreshJobData', {
      ...data,
      inputAdtData: [adtInput('PID.8.1', 'M')],
    });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().error.message).toBe('You do not have permission to edit patient data of jobs');

    const bad = await w.editor.post('/api/job/RefreshJobData', {
      ...data,
      inputAdtData: [adtInput('PID.19.1', '12-345-6789')],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'Social Security No. must be a social security number (###-##-####)',
    );
  });

  it('RunHoldQueueCheck evaluates the posted ADT and stores nothing', async () => {
    const job = await w.makeJob({}, null);
    const before = await snapshot(job.id);
    const fired = async (body: object) => {
      const res = await w.editor.post('/api/job/RunHoldQueueCheck', { jobId: job.id, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { ruleCode: string; isTriggered: boolean }[])
        .filter((r) => r.isTriggered)
        .map((r) => r.ruleCode);
    };
    expect(await fired({})).toEqual(['HQ01']);
    const data = await dataOf(job.id);
    const filled = [adtInput('PID.7.1', '1958-04-12'), adtInput('PID.18.1', 'V-7')];
    expect(await fired({ setJobDataRequest: { ...data, inputAdtData: filled } })).toEqual([]);
    // Emptying a value the linked patient supplies triggers the rule again.
    expect(
      await fired({ setJobDataRequest: { ...data, inputAdtData: [...filled, adtInput('PID.5.1', '')] } }),
    ).toEqual(['HQ01']);
    expect(await snapshot(job.id)).toEqual(before);
    expect(await fired({})).toEqual(['HQ01']);
  });
});
