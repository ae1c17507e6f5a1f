import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hl7Message } from '@medplum/core';
import { type InterfacesFile, unescapeHl7 } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  distributionErrors,
  distributions,
  documentVersions,
  interfaceMessages,
  jobs,
  patients,
  recipients,
  visits,
  workTypes,
} from '../../db/schema/index.js';
import { startDistribution } from '../../services/delivery/startDistribution.js';
import { deliverJob } from '../../tasks/deliverJobHandler.js';
import { databaseTargets } from '../../testing/databases.js';
import {
  buildJob,
  buildPhysician,
  buildSignature,
  buildStructure,
  buildUser,
} from '../../testing/factories.js';
import { addCdaDocument } from '../../testing/faxTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import { pdfOf, type ReceivedMessage, type ReceiverAnswer, startMdmReceiver } from './mdmReceiver.js';

/**
 * Issue 44, outbound: the electronic delivery of a job in a facility an outbound interface maps
 * leaves as HL7 v2 MDM over MLLP to a real peer (@medplum/hl7's server, in the test), is recorded
 * in the message log, and settles the job only on the receiver's ACK; AE → Electronic Failed with
 * the reason, Retry sends it again; an addendum goes as T10; a facility without an interface keeps
 * the outbox.
 */
const ELECTRONIC_FAILED = 6;
const FINISHED = 13;

describe.each(databaseTargets())('outbound HL7 (MDM over MLLP) on $name', (target) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startMdmReceiver>>;
  let answers: ReceiverAnswer[] = [];
  let world: Awaited<ReturnType<typeof buildWorld>>;
  let configDir: string;
  let interfacesFile: string;

  async function buildWorld() {
    const { db } = t.ctx.database;
    const north = await buildStructure(t.ctx, { name: 'North', facilities: 2 });
    const cs = north.structure.id;
    const made = await buildUser(t.ctx, { username: 'hl7-manager', accounts: [{ companyId: cs }] });
    const dictator = await buildPhysician(t.ctx, cs, { firstName: 'Greg', lastName: 'House', prefix: 'Dr.' });
    const [patient] = await db
      .insert(patients)
      .values({
        corporateStructureId: cs,
        mrn: 'MRN-44',
        lastName: 'Du|Bois^&~\\',
        firstName: 'Ann',
        dateOfBirth: '1960-02-29',
        sex: 'F',
      })
      .returning();
    const [visit] = await db
      .insert(visits)
      .values({ patientId: patient!.id, visitNumber: 'V-7', patientClass: 'I' })
      .returning();
    const [workType] = await db
      .insert(workTypes)
      .values({ corporateStructureId: cs, name: 'Consultation', number: 44 })
      .returning();
    const file: InterfacesFile = {
      interfaces: [
        {
          name: 'Hospital MDM',
          direction: 'out',
          host: '127.0.0.1',
          port: receiver.port,
          facilities: [{ hl7Facility: 'GENHOSP', clientFacilityId: north.facilities[0]!.id }],
          messageType: 'MDM',
          content: 'both',
          ackTimeoutSeconds: 1,
        },
      ],
    };
    await writeFile(interfacesFile, JSON.stringify(file));
    const browser = new TestBrowser(t.app);
    await browser.signInAs(made.user.username, made.password, made.accounts[0]!.id);
    return {
      north,
      dictator,
      patient: patient!,
      visit: visit!,
      workType: workType!,
      account: made.accounts[0]!,
      browser,
    };
  }

  beforeAll(async () => {
    receiver = await startMdmReceiver({ port: 0, answer: () => answers.shift() ?? { code: 'AA' } });
    // The file names the receiver's port and the structure's facility: written once both exist.
    configDir = await mkdtemp(join(tmpdir(), 'quill-hl7-out-'));
    interfacesFile = join(configDir, 'interfaces.json');
    t = await createTestApp(target, { HL7_INTERFACES_FILE: interfacesFile, FAX_RETRY_LIMIT: '1' });
    world = await buildWorld();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.stop();
    if (configDir) await rm(configDir, { recursive: true, force: true });
  });

  const db = () => t.ctx.database.db;
  const stageOf = async (jobId: number) =>
    (await db().select({ s: jobs.stageId }).from(jobs).where(eq(jobs.id, jobId)))[0]!.s;
  const messagesOf = (jobId: number) =>
    db()
      .select()
      .from(interfaceMessages)
      .where(eq(interfaceMessages.jobId, jobId))
      .orderBy(asc(interfaceMessages.id));
  const receivedFor = (controlId: string) => receiver.received.filter((r) => r.controlId === controlId);
  const field = (r: ReceivedMessage, seg: string, n: number) =>
    Hl7Message.parse(r.text).getSegment(seg)!.getField(n);

  /** A signed job in Pending Electronic (facility 0: mapped) with one electronic recipient, distribution started. */
  async function signedJob(facility = 0) {
    const job = await buildJob(t.ctx, world.north.facilities[facility]!, {
      stageId: 10,
      signed: true,
      dictatorId: world.dictator.id,
      patientId: world.patient.id,
      visitId: world.visit.id,
      workTypeId: world.workType.id,
      dictatedAt: new Date('2026-12-01T08:00:00Z'),
    });
    await addCdaDocument(t.ctx, job.id);
    await buildSignature(t.ctx, {
      jobId: job.id,
      physicianId: world.dictator.id,
      accountId: world.account.id,
    });
    await db()
      .insert(recipients)
      .values({ jobId: job.id, physicianId: world.dictator.id, distributionMethod: 'electronic' });
    const [deliveryId] = await db().transaction((tx) => startDistribution(t.ctx, tx, job.id));
    return { job, deliveryId: deliveryId! };
  }

  /** One try of the delivery task (retryCount of retryLimit 1); answers what it threw, if anything. */
  const tryDelivery = (deliveryId: number, retryCount = 0) =>
    deliverJob(t.ctx, { deliveryId }, { retryCount, retryLimit: 1 }).then(
      () => null,
      (err: Error) => err,
    );

  it('a signed job: MDM^T02 with the signer in TXA and the PDF in OBX-5; Finished only after the ACK', async () => {
    const { job, deliveryId } = await signedJob();
    answers = ['hold'];
    const noAck = await tryDelivery(deliveryId);
    expect(noAck?.message).toBe('no acknowledgement within 1 seconds');
    expect(await stageOf(job.id)).toBe(10);
    expect((await messagesOf(job.id)).map((m) => [m.status, m.error])).toEqual([
      ['failed', 'no acknowledgement within 1 seconds'],
    ]);

    expect(await tryDelivery(deliveryId, 1)).toBeNull();
    expect(await stageOf(job.id)).toBe(FINISHED);
    const [row] = await messagesOf(job.id);
    expect(row).toMatchObject({
      direction: 'out',
      status: 'acknowledged',
      ackCode: 'AA',
      messageType: 'MDM^T02',
      facility: 'GENHOSP',
      interfaceName: 'Hospital MDM',
      distributionId: deliveryId,
      patientId: world.patient.id,
      attempts: 2,
    });
    const got = receivedFor(row!.controlId);
    expect(got).toHaveLength(2);
    const last = got[1]!;
    expect(last.type).toBe('MDM^T02^MDM_T02');
    expect(last.text).toBe((await t.ctx.blobs.get(row!.blobKey)).toString('utf8'));
    const m = Hl7Message.parse(last.text);
    expect(field(last, 'MSH', 4).toString()).toBe('GENHOSP');
    expect(unescapeHl7(m.getSegment('PID')!.getComponent(5, 1))).toBe('Du|Bois^&~\\');
    expect(m.getSegment('PID')!.getComponent(3, 1)).toBe('MRN-44');
    expect(m.getSegment('PV1')!.getField(19).toString()).toBe('V-7');
    const txa = m.getSegment('TXA')!;
    expect(txa.getField(2).toString()).toBe('Consultation');
    expect(txa.getField(12).toString()).toBe(`${job.id}-1^QUILL`);
    expect(txa.getField(17).toString()).toBe('AU');
    expect([txa.getComponent(22, 2), txa.getComponent(22, 3)]).toEqual(['House', 'Greg']);
    expect(txa.getComponent(22, 15)).toMatch(/^\d{14}\+0000$/);
    expect(pdfOf(m)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(m.getAllSegments('OBX').filter((o) => o.getField(2).toString() === 'TX').length).toBeGreaterThan(
      0,
    );
    const [delivery] = await db().select().from(distributions).where(eq(distributions.id, deliveryId));
    expect(delivery!.status).toBe('sent');
  });

  it('a receiver answering AE: Electronic Failed with its reason; Retry sends it again and the job finishes', async () => {
    const { job, deliveryId } = await signedJob();
    answers = [
      { code: 'AE', reason: 'Unknown document type' },
      { code: 'AE', reason: 'Unknown document type' },
    ];
    expect((await tryDelivery(deliveryId))?.message).toBe('the receiver answered AE: Unknown document type');
    expect(await tryDelivery(deliveryId, 1)).toBeNull();
    expect(await stageOf(job.id)).toBe(ELECTRONIC_FAILED);
    const errors = await db().select().from(distributionErrors).where(eq(distributionErrors.jobId, job.id));
    expect(errors.map((e) => e.description)).toEqual([
      expect.stringContaining('failed: the receiver answered AE: Unknown document type'),
    ]);
    expect(errors[0]!.description).not.toContain('Bois');
    expect((await messagesOf(job.id)).map((m) => [m.status, m.ackCode])).toEqual([['failed', 'AE']]);

    const retried = await world.browser.post('/api/jobs/deliveries/retry', { jobIds: [job.id] });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await tryDelivery(deliveryId)).toBeNull();
    expect(await stageOf(job.id)).toBe(FINISHED);
    const rows = await messagesOf(job.id);
    expect(rows.map((m) => [m.status, m.ackCode])).toEqual([['acknowledged', 'AA']]);
    // Three tries of one message: one control id, never a second message for the version.
    expect(receivedFor(rows[0]!.controlId)).toHaveLength(3);
  });

  it('once per version: a try after the ACK was recorded (a crash before the delivery was) sends nothing', async () => {
    const { job, deliveryId } = await signedJob();
    expect(await tryDelivery(deliveryId)).toBeNull();
    const [row] = await messagesOf(job.id);
    await db().update(distributions).set({ status: 'sending' }).where(eq(distributions.id, deliveryId));
    await db().update(jobs).set({ stageId: 10 }).where(eq(jobs.id, job.id));
    expect(await tryDelivery(deliveryId)).toBeNull();
    expect(receivedFor(row!.controlId)).toHaveLength(1);
    expect(await stageOf(job.id)).toBe(FINISHED);

    // Stored but not sent, or sent with its ACK not recorded (a crash in between): the stored bytes
    // again, the same MSH-10, the same row.
    for (const status of ['queued', 'sent']) {
      await db().update(distributions).set({ status: 'sending' }).where(eq(distributions.id, deliveryId));
      await db().update(interfaceMessages).set({ status }).where(eq(interfaceMessages.id, row!.id));
      expect(await tryDelivery(deliveryId)).toBeNull();
    }
    const again = receivedFor(row!.controlId);
    expect(again).toHaveLength(3);
    expect(new Set(again.map((r) => r.text)).size).toBe(1);
    expect((await messagesOf(job.id)).map((m) => m.status)).toEqual(['acknowledged']);
  });

  it('an addendum version goes as MDM^T10 naming the original as its parent', async () => {
    const { job, deliveryId } = await signedJob();
    expect(await tryDelivery(deliveryId)).toBeNull();
    const [v1] = await db().select().from(documentVersions).where(eq(documentVersions.jobId, job.id));
    await db().insert(documentVersions).values({
      jobId: job.id,
      version: 2,
      format: 'CDA',
      blobKey: v1!.blobKey,
      size: v1!.size,
      source: 'save',
      addendumOfVersion: 1,
      addendumReason: 'Corrected dosage',
    });
    await db().update(jobs).set({ version: 2, stageId: 10 }).where(eq(jobs.id, job.id));
    await buildSignature(t.ctx, {
      jobId: job.id,
      physicianId: world.dictator.id,
      accountId: world.account.id,
    });
    const [second] = await db().transaction((tx) => startDistribution(t.ctx, tx, job.id));
    expect(await tryDelivery(second!)).toBeNull();
    expect(await stageOf(job.id)).toBe(FINISHED);
    const rows = await messagesOf(job.id);
    expect(rows.map((r) => r.messageType)).toEqual(['MDM^T02', 'MDM^T10']);
    const [got] = receivedFor(rows[1]!.controlId);
    const txa = Hl7Message.parse(got!.text).getSegment('TXA')!;
    expect([txa.getField(12).toString(), txa.getField(13).toString()]).toEqual([
      `${job.id}-2^QUILL`,
      `${job.id}-1^QUILL`,
    ]);
    expect(field(got!, 'EVN', 1).toString()).toBe('T10');
  });

  it('a facility no outbound interface maps keeps the electronic outbox', async () => {
    const before = receiver.received.length;
    const { job, deliveryId } = await signedJob(1);
    expect(await tryDelivery(deliveryId)).toBeNull();
    expect(await stageOf(job.id)).toBe(FINISHED);
    const [d] = await db().select().from(distributions).where(eq(distributions.id, deliveryId));
    const outbox = await readdir(join(t.dataDir, 'electronic-outbox'));
    expect(outbox).toContain(`${d!.deliveryKey}.json`);
    expect(await messagesOf(job.id)).toEqual([]);
    expect(receiver.received.length).toBe(before);
  });
});
