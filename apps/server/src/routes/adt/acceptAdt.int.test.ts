import { decodeBinaryJobList, type JobAdt } from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobFlags, jobOrders, jobs } from '../../db/schema/index.js';
import { buildAdtWorld } from '../../testing/adtTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { jobDataBody } from '../../testing/jobEditorTestKit.js';
import type { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('Accept ADT on $name', (target) => {
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
  const flagsOf = async (jobId: number) =>
    (await db().select().from(jobFlags).where(eq(jobFlags.jobId, jobId))).map((f) => f.code);
  /** A hold-queue job without a document, flagged for missing mandatory ADT, booked out by the editor. */
  const heldJob = async () => {
    const job = await w.makeJob({}, null);
    await db()
      .insert(jobFlags)
      .values({ jobId: job.id, code: 'HQ01', description: 'Mandatory patient demographics are missing' });
    const res = await w.editor.post('/api/job/bookoutjob', { jobId: job.id });
    expect(res.statusCode, res.body).toBe(200);
    return { job, cookie: res.json().bookingCookie as string };
  };
  const accept = (
    b: TestBrowser,
    jobId: number,
    cookie: string,
    chosen: { patientId: number; visitId?: number | null; orderId?: readonly number[] },
  ) =>
    b.post('/api/job/acceptadt', {
      jobId,
      companyId: w.cf.id,
      bookingCookie: cookie,
      adtSearchResult: chosen,
    });
  const snapshot = async (jobId: number) => ({
    job: await stored(jobId),
    orders: await ordersOf(jobId),
    flags: await flagsOf(jobId),
  });
  const triggered = async (jobId: number) =>
    (
      (await w.editor.post('/api/job/RunHoldQueueCheck', { jobId })).json() as {
        ruleCode: string;
        isTriggered: boolean;
      }[]
    )
      .filter((r) => r.isTriggered)
      .map((r) => r.ruleCode);

  it('stores the patient’s, visit’s and orders’ values, links the job, clears the missing-ADT flag and audits', async () => {
    const { job, cookie } = await heldJob();
    expect(await triggered(job.id)).toEqual(['HQ01']);
    const res = await accept(w.editor, job.id, cookie, {
      patientId: w.grace.id,
      visitId: w.admission.id,
      orderId: [w.blood.id, w.chest.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const adt = res.json() as JobAdt;

    const after = await stored(job.id);
    expect(after).toMatchObject({ patientId: w.grace.id, visitId: w.admission.id, version: job.version });
    // Only the facility's definitions' keys: the patient's address (PID 11.1) is not one of them.
    expect(after.adt).toEqual({
      'PID.3.1': '100234',
      'PID.5.1': 'Okafor',
      'PID.5.2': 'Grace',
      'PID.5.3': 'Adaeze',
      'PID.7.1': '1958-04-12',
      'PID.8.1': 'F',
      'PID.19.1': '912-34-5678',
      'ZPI.1.1': '72.50',
      'ZPI.2.1': 'false',
      'PID.18.1': 'V-1',
      // Times on the facility's clock (New York, daylight saving time).
      'PV1.44.1': '2026-03-11T08:30:00',
      'IN1.4.1': 'Aetna',
    });
    const orders = await ordersOf(job.id);
    // A new order takes the order record's ordering physician.
    expect(orders.map((o) => [o.orderId, o.ordinal, o.adt, o.physicians])).toEqual([
      [w.blood.id, 0, { 'ORC.2.1': 'ORD-2', 'OBR.4.2': 'Blood count' }, { 'OBR.16': w.docs[1]!.id }],
      [w.chest.id, 1, { 'ORC.2.1': 'ORD-1', 'OBR.4.2': 'Chest X-ray', 'OBR.7.1': '2026-03-11T10:00:00' }, {}],
    ]);
    expect(adt).toMatchObject({ jobId: job.id, patientId: w.grace.id, visitId: w.admission.id });
    expect(adt.outputAdtData.find((i) => i.displayName === 'Weight (kg)')!.parsedValue).toBe('72.5');
    expect(
      adt.orderData.map((o) => [o.orderId, o.outputAdtData[1]!.value, o.hl7Physician[0]!.physician?.userId]),
    ).toEqual([
      [w.blood.id, 'Blood count', w.docs[1]!.id],
      [w.chest.id, 'Chest X-ray', undefined],
    ]);

    // The hold-queue flags were re-run: nothing mandatory is missing now. The stage stays.
    expect(await flagsOf(job.id)).toEqual([]);
    expect(await triggered(job.id)).toEqual([]);
    expect(after.stageId).toBe(410);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'adt.accept')));
    expect(audit).toMatchObject({
      outcome: 'success',
      patientId: w.grace.id,
      detail: { previousPatientId: w.patient.id, visitId: w.admission.id, orders: 2, flags: [] },
    });

    // The list shows the new patient, and a save with recheck takes the job out of the hold queue.
    const list = await w.editor.get(
      `/api/jobs/alljobs?corpId=${w.north.structure.id}&cfs=${w.cf.id}&format=binary`,
    );
    const row = decodeBinaryJobList(list.rawPayload).find((r) => r.jobId === job.id)!;
    expect(row.patientName).toBe('Okafor, Grace');
    const data = jobDataBody((await w.editor.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    const save = await w.editor.post('/api/job/savejob', {
      jobId: job.id,
      version: job.version,
      bookingCookie: cookie,
      saveMode: 3,
      setJobDataRequest: data,
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().flags).toEqual([]);
    expect((await stored(job.id)).stageId).not.toBe(3);
  });

  it('Accept Patient Only empties the visit’s values and the orders; an order kept keeps its physicians', async () => {
    const { job, cookie } = await heldJob();
    expect(
      (
        await accept(w.editor, job.id, cookie, {
          patientId: w.grace.id,
          visitId: w.admission.id,
          orderId: [w.chest.id],
        })
      ).statusCode,
    ).toBe(200);
    await db()
      .update(jobOrders)
      .set({ physicians: { 'OBR.16': w.docs[2]!.id } })
      .where(eq(jobOrders.jobId, job.id));
    const again = await accept(w.editor, job.id, cookie, {
      patientId: w.grace.id,
      visitId: w.admission.id,
      orderId: [w.chest.id, w.blood.id],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await ordersOf(job.id)).map((o) => [o.orderId, o.physicians])).toEqual([
      [w.chest.id, { 'OBR.16': w.docs[2]!.id }],
      [w.blood.id, { 'OBR.16': w.docs[1]!.id }],
    ]);
    const only = await accept(w.editor, job.id, cookie, { patientId: w.peter.id });
    expect(only.statusCode, only.body).toBe(200);
    const after = await stored(job.id);
    expect(after).toMatchObject({ patientId: w.peter.id, visitId: null });
    expect(after.adt).toEqual({ 'PID.3.1': '100871', 'PID.5.1': 'Lindqvist', 'PID.5.2': 'Peter' });
    expect(await ordersOf(job.id)).toEqual([]);
    // The visit number is mandatory and now missing: the flag is back.
    expect(await flagsOf(job.id)).toEqual(['HQ01']);
  });

  it('refuses another structure’s patient, a visit of another patient and an order of another visit (404), changing nothing', async () => {
    const { job, cookie } = await heldJob();
    const before = await snapshot(job.id);
    const cases = [
      [{ patientId: w.southPatient.id }, 'The patient was not found'],
      [{ patientId: w.grace.id, visitId: w.petersVisit.id }, 'The visit was not found for this patient'],
      [
        { patientId: w.grace.id, visitId: w.admission.id, orderId: [w.chest.id, w.petersOrder.id] },
        'The order was not found for this visit',
      ],
    ] as const;
    for (const [chosen, text] of cases) {
      const res = await accept(w.editor, job.id, cookie, chosen);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toBe(text);
    }
    // Ids are 1 … 2147483647 (issue 23): a larger one is bad input naming the field.
    const tooLarge = await accept(w.editor, job.id, cookie, { patientId: 2_147_483_648 });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error.message).toContain('patientId must be at most 2147483647');
    expect(await snapshot(job.id)).toEqual(before);
  });

  it('needs jobEditAdt (403), the live booking (409), the job’s facility and a visit for orders (400), changing nothing', async () => {
    const { job, cookie } = await heldJob();
    const before = await snapshot(job.id);
    const noEdit = await w.sign(['jobView', 'jobEdit', 'adtView', 'adtEdit']);
    const refused = await accept(noEdit, job.id, cookie, { patientId: w.grace.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You do not have permission to edit patient data of jobs');

    const stale = await accept(w.editor, job.id, 'not-the-cookie', { patientId: w.grace.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('booking_not_live');
    const colleague = await w.browser(t.app, 1);
    expect((await accept(colleague, job.id, cookie, { patientId: w.grace.id })).statusCode).toBe(409);

    const elsewhere = await w.editor.post('/api/job/acceptadt', {
      jobId: job.id,
      companyId: w.plain.id,
      bookingCookie: cookie,
      adtSearchResult: { patientId: w.grace.id },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.message).toBe(
      `Client facility ${w.plain.id} is not the facility of job ${job.id}`,
    );
    const ordersOnly = await accept(w.editor, job.id, cookie, {
      patientId: w.grace.id,
      orderId: [w.chest.id],
    });
    expect(ordersOnly.statusCode).toBe(400);
    expect(ordersOnly.json().error.message).toContain('Orders are accepted with their visit');

    const outsider = await w.sign(undefined, w.south.structure.id);
    const hidden = await accept(outsider, job.id, cookie, { patientId: w.southPatient.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe(`Job ${job.id} was not found.`);
    expect(await snapshot(job.id)).toEqual(before);
  });
});
