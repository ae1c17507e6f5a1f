import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, orders, patients, visits } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob } from '../../testing/factories.js';
import {
  buildFeedWorld,
  connectFeed,
  feedInterface,
  hl7,
  jobRow,
  loggedMessages,
  patientByMrn,
  pid,
  pv1,
} from '../../testing/hl7TestKit.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/**
 * Issue 44: an ADT feed over MLLP, sent by a real peer (@medplum/hl7's client on a socket to the
 * listener): each event writes the patient, visit and orders as the ADT definitions address them,
 * and the jobs follow; what cannot be applied is answered AE/AR and applies nothing.
 */
describe.each(databaseTargets())('the inbound HL7 v2 feed on $name (issue 44)', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildFeedWorld>>;
  let feed: Awaited<ReturnType<typeof connectFeed>>;

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildFeedWorld(t.ctx);
    feed = await connectFeed(t.ctx, feedInterface(w.facility.id));
  });
  afterAll(async () => {
    await feed?.close();
    await t?.close();
  });

  const visitRow = async (id: number) =>
    (await t.ctx.database.db.select().from(visits).where(eq(visits.id, id)))[0]!;
  const applyAudits = (messageId: number) =>
    t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'interface.message.apply'))
      .then((rows) => rows.filter((r) => (r.detail as { messageId?: number }).messageId === messageId));

  it('A01 admits: the visit takes class, location and admit time, the open job its refresh-on-edit items, logged applied', async () => {
    const text = hl7('ADT^A01', [
      pid('H100', 'Okafor^Grace', '19580412', 'F', 'V100'),
      pv1('I', 'W1^101', '20260301080000'),
    ]);
    expect((await feed.send(text)).code).toBe('AA');
    const visit = await visitRow(w.visit.id);
    expect(visit).toMatchObject({ patientClass: 'I', adt: { 'PV1.3.1': 'W1' } });
    expect(visit.admittedAt).not.toBeNull();
    expect((await jobRow(t.ctx, w.open.id)).adt).toMatchObject({
      'PV1.44.1': '2026-03-01T08:00:00',
      'PV1.3.1': 'W1',
      'PID.5.1': 'Okafor',
    });
    // The signed job is final: it keeps what it showed (an upload's pin) and takes no visit item.
    expect((await jobRow(t.ctx, w.signed.id)).adt).toEqual({ ...w.signed.adt, 'PID.7.1': '' });
    const [logged] = (await loggedMessages(t.ctx)).slice(-1);
    expect(logged).toMatchObject({
      direction: 'in',
      status: 'applied',
      ackCode: 'AA',
      messageType: 'ADT^A01',
      facility: 'HOSP',
      patientId: w.patient.id,
      clientFacilityId: w.facility.id,
    });
    // The bytes are a blob; no column holds the patient's data.
    expect((await t.ctx.blobs.get(logged!.blobKey)).toString('utf8')).toContain('Okafor^Grace');
    expect(JSON.stringify(logged)).not.toContain('Okafor');
    expect(await applyAudits(logged!.id)).toHaveLength(1);
  });

  it('A08 updates the patient: the open job holding the name takes it, the signed job keeps its own', async () => {
    const text = hl7('ADT^A08', [pid('H100', 'Okafor-Smith^Grace', '19580412', 'F', 'V100')]);
    expect((await feed.send(text)).code).toBe('AA');
    expect(await patientByMrn(t.ctx, 'H100')).toMatchObject({
      lastName: 'Okafor-Smith',
      dateOfBirth: '1958-04-12',
    });
    expect((await jobRow(t.ctx, w.open.id)).adt['PID.5.1']).toBe('Okafor-Smith');
    expect((await jobRow(t.ctx, w.signed.id)).adt['PID.5.1']).toBe('Okafor');
  });

  it('A02 transfers, A03 discharges, A13 cancels the discharge and A11 the admit', async () => {
    const patient = pid('H100', 'Okafor-Smith^Grace', '', '', 'V100');
    expect((await feed.send(hl7('ADT^A02', [patient, pv1('I', 'W2')]))).code).toBe('AA');
    expect((await visitRow(w.visit.id)).adt['PV1.3.1']).toBe('W2');
    expect((await jobRow(t.ctx, w.open.id)).adt['PV1.3.1']).toBe('W2');
    expect((await feed.send(hl7('ADT^A03', [patient, pv1('I', 'W2', '', '20260305120000')]))).code).toBe(
      'AA',
    );
    expect((await visitRow(w.visit.id)).dischargedAt).not.toBeNull();
    expect((await feed.send(hl7('ADT^A13', [patient, pv1('I', 'W2')]))).code).toBe('AA');
    expect((await visitRow(w.visit.id)).dischargedAt).toBeNull();
    expect((await feed.send(hl7('ADT^A11', [patient, pv1('I', 'W2')]))).code).toBe('AA');
    expect((await visitRow(w.visit.id)).admittedAt).toBeNull();
  });

  it('A04, A05 and A31 add patients the feed names, with the values the definitions address', async () => {
    const insurance = 'IN1|1|PLAN1|C1|Aetna';
    expect(
      (await feed.send(hl7('ADT^A04', [pid('H200', 'Lind^Peter', '', 'M', 'V200'), pv1('O'), insurance])))
        .code,
    ).toBe('AA');
    expect((await feed.send(hl7('ADT^A05', [pid('H201', 'Ruiz^Ana', '', '', 'V201'), pv1('P')]))).code).toBe(
      'AA',
    );
    expect((await feed.send(hl7('ADT^A31', [pid('H202', 'Berg^Ola')]))).code).toBe('AA');
    const peter = await patientByMrn(t.ctx, 'H200');
    expect(peter).toMatchObject({ lastName: 'Lind', firstName: 'Peter', sex: 'M' });
    const [v200] = await t.ctx.database.db.select().from(visits).where(eq(visits.patientId, peter!.id));
    // IN1 4.1 is addressed by a definition only (no column, no code): the feed fills it.
    expect(v200).toMatchObject({ visitNumber: 'V200', patientClass: 'O', adt: { 'IN1.4.1': 'Aetna' } });
    expect(await patientByMrn(t.ctx, 'H201')).toMatchObject({ lastName: 'Ruiz' });
    const ola = await patientByMrn(t.ctx, 'H202');
    expect(await t.ctx.database.db.select().from(visits).where(eq(visits.patientId, ola!.id))).toEqual([]);
  });

  it('ORM^O01 and OML^O21 put their orders on the visit', async () => {
    const patient = pid('H100', 'Okafor-Smith^Grace', '', '', 'V100');
    const orm = hl7('ORM^O01', [
      patient,
      pv1('I'),
      'ORC|NW|ORD-1',
      'OBR|1|ORD-1||CXR^Chest X-ray|||20260301090000',
    ]);
    const oml = hl7('OML^O21', [
      patient,
      pv1('I'),
      'ORC|NW|ORD-2',
      'OBR|1|ORD-2||CBC^Blood count',
      'ORC|NW|ORD-3',
      'OBR|2|ORD-3||US^Ultrasound',
    ]);
    expect((await feed.send(orm)).code).toBe('AA');
    expect((await feed.send(oml)).code).toBe('AA');
    const rows = await t.ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.visitId, w.visit.id))
      .orderBy(orders.id);
    expect(rows.map((o) => [o.orderNumber, o.description])).toEqual([
      ['ORD-1', 'Chest X-ray'],
      ['ORD-2', 'Blood count'],
      ['ORD-3', 'Ultrasound'],
    ]);
    expect(rows[0]!.orderedAt).not.toBeNull();
  });

  it('A47 changes an identifier; A40 merges a patient: its visits and jobs move to the surviving one, audited', async () => {
    const db = t.ctx.database.db;
    const [renamed, merged] = await db
      .insert(patients)
      .values([
        { corporateStructureId: w.structure.id, mrn: 'H300', lastName: 'Moved', firstName: 'Id' },
        { corporateStructureId: w.structure.id, mrn: 'H400', lastName: 'Okafor', firstName: 'G' },
      ])
      .returning();
    const held = await buildJob(t.ctx, w.facility, { patientId: renamed!.id, adt: { 'PID.3.1': 'H300' } });
    expect((await feed.send(hl7('ADT^A47', [pid('H301', 'Moved^Id'), 'MRG|H300^^^HOSP^MR']))).code).toBe(
      'AA',
    );
    expect((await db.select().from(patients).where(eq(patients.id, renamed!.id)))[0]!.mrn).toBe('H301');
    expect((await jobRow(t.ctx, held.id)).adt['PID.3.1']).toBe('H301');

    const [oldVisit] = await db
      .insert(visits)
      .values({ patientId: merged!.id, visitNumber: 'V400' })
      .returning();
    const mergedJob = await buildJob(t.ctx, w.facility, { patientId: merged!.id, visitId: oldVisit!.id });
    const signedJob = await buildJob(t.ctx, w.facility, {
      patientId: merged!.id,
      signedAt: new Date(),
      stageId: 12,
    });
    const a40 = hl7('ADT^A40', [pid('H100', 'Okafor-Smith^Grace'), 'MRG|H400^^^HOSP^MR']);
    expect((await feed.send(a40)).code).toBe('AA');
    expect((await jobRow(t.ctx, mergedJob.id)).patientId).toBe(w.patient.id);
    expect((await jobRow(t.ctx, signedJob.id)).patientId).toBe(w.patient.id);
    expect((await visitRow(oldVisit!.id)).patientId).toBe(w.patient.id);
    expect(await db.select().from(jobs).where(eq(jobs.patientId, merged!.id))).toEqual([]);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'interface.patient.merge'));
    expect(audit).toMatchObject({
      outcome: 'success',
      patientId: w.patient.id,
      detail: {
        mergedPatientId: merged!.id,
        jobIds: [mergedJob.id, signedJob.id].sort((a, b) => a - b),
        visits: 1,
      },
    });
    // MRG-1 naming no known patient: nothing merged.
    const unknown = await feed.send(hl7('ADT^A40', [pid('H100', 'Okafor-Smith^Grace'), 'MRG|NOBODY']));
    expect(unknown).toMatchObject({ code: 'AE', text: 'No patient has the prior identifier of MRG-1.' });
  });

  it('a message that cannot be applied is answered AE with the reason, logged failed, and applies nothing', async () => {
    const bad = hl7('ADT^A08', [pid('H100', 'Changed^Grace', '19581340', '', 'V100')]);
    const answer = await feed.send(bad);
    expect(answer).toMatchObject({ code: 'AE', text: 'PID-7.1 is not a valid date or time.' });
    expect(answer.ack.getSegment('ERR')?.getField(3).toString()).toBe('102^Data type error^HL70357');
    expect((await patientByMrn(t.ctx, 'H100'))!.lastName).toBe('Okafor-Smith');
    const [logged] = (await loggedMessages(t.ctx)).slice(-1);
    expect(logged).toMatchObject({
      status: 'failed',
      ackCode: 'AE',
      error: 'PID-7.1 is not a valid date or time.',
    });
    expect(logged!.patientId).toBeNull();
    expect(await applyAudits(logged!.id)).toMatchObject([{ outcome: 'failure' }]);

    const control = await feed.send(hl7('ADT^A08', [pid('H100', 'Changed\u0001^Grace')]));
    expect(control).toMatchObject({ code: 'AE', text: expect.stringContaining('control character') });
    const noPid = await feed.send(hl7('ADT^A08', [pv1('I')]));
    expect(noPid).toMatchObject({ code: 'AE', text: 'The message has no PID segment.' });
    expect((await patientByMrn(t.ctx, 'H100'))!.lastName).toBe('Okafor-Smith');
  });

  it('the same control id twice is applied once and acknowledged twice with the first outcome', async () => {
    const first = hl7('ADT^A08', [pid('H202', 'First^Ola')], { controlId: 'DUP-1' });
    const again = hl7('ADT^A08', [pid('H202', 'Second^Ola')], { controlId: 'DUP-1' });
    expect((await feed.send(first)).code).toBe('AA');
    expect((await feed.send(again)).code).toBe('AA');
    expect((await patientByMrn(t.ctx, 'H202'))!.lastName).toBe('First');
    const rows = (await loggedMessages(t.ctx)).filter((m) => m.controlId === 'DUP-1');
    expect(rows).toHaveLength(1);
    expect(await applyAudits(rows[0]!.id)).toHaveLength(1);
  });

  it('an unmapped sending facility or a type the interface does not handle is refused AR', async () => {
    const elsewhere = await feed.send(hl7('ADT^A08', [pid('H100', 'X^Y')], { facility: 'ELSEWHERE' }));
    expect(elsewhere).toMatchObject({
      code: 'AR',
      text: 'Sending facility ELSEWHERE (MSH-4) is not mapped by interface adt-feed.',
    });
    const siu = await feed.send(hl7('SIU^S12', [pid('H100', 'X^Y')]));
    expect(siu).toMatchObject({
      code: 'AR',
      text: 'Message type SIU^S12 is not handled by interface adt-feed.',
    });
    const refused = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'interface.message.apply'), eq(auditLog.outcome, 'failure')));
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect((await patientByMrn(t.ctx, 'H100'))!.lastName).toBe('Okafor-Smith');
  });
});
