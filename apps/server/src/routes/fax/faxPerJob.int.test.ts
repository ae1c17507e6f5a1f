import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { message } from '@quill/core';
import { asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faxRecordJobs, faxRecords, patients, physicians, recipients } from '../../db/schema/index.js';
import { sendFaxTask } from '../../tasks/sendFax.js';
import { queueName } from '../../tasks/taskQueue.js';
import { startWorker } from '../../tasks/worker.js';
import { databaseTargets } from '../../testing/databases.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { addCdaDocument, customRecipient, waitFor } from '../../testing/faxTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/** The tests run the fax worker, which renders PDFs: slow on a busy machine. */
const WORKER_TIMEOUT = 180_000;

type Contact = { id: number; name: string; faxNumber: string; recipientType: string; faxFlag: boolean };

/**
 * Issue 39 row 4: a bulk fax sends each job only to its own chosen recipients — one fax per
 * recipient holding only the jobs that recipient is for — unless the request sends the jobs
 * together; every cover sheet lists each job it carries with its patient and page count.
 * Jobs A (Adam Everyman), B (Isabella Jones) and C (Adam Everyman again) of one facility: Dr Ames is
 * a contact of A, Dr Burke of B, Dr Shared of A and C.
 */
describe.each(databaseTargets())('POST /api/jobs/Fax per job on $name', (target) => {
  let t: TestApp;
  let manager: TestBrowser;
  let a: number;
  let b: number;
  let c: number;
  let sharedId: number;
  const contact: Record<string, Contact> = {};

  const db = () => t.ctx.database.db;
  const fax = (body: unknown) => manager.post('/api/jobs/Fax', body);
  const queued = async () => (await t.ctx.tasks.boss.getQueueSize(queueName(sendFaxTask))) as number;
  /** The fax records made after record `after`, each with the jobs it carries in order. */
  const madeAfter = async (after: number) => {
    const made = await db()
      .select()
      .from(faxRecords)
      .where(gt(faxRecords.id, after))
      .orderBy(asc(faxRecords.id));
    const carried = await db().select().from(faxRecordJobs).orderBy(asc(faxRecordJobs.ordinal));
    return made.map((r) => ({
      ...r,
      jobIds: carried.filter((j) => j.faxRecordId === r.id).map((j) => j.jobId),
    }));
  };
  const lastRecordId = async () =>
    (await db().select({ id: faxRecords.id }).from(faxRecords)).reduce((m, r) => Math.max(m, r.id), 0);
  /** Runs the worker until the records are sent; answers each record's fax PDF from the outbox. */
  const sendAll = async (made: { id: number; idempotencyKey: string }[]) => {
    const worker = await startWorker(t.ctx);
    try {
      await waitFor(async () => {
        const now = await db().select().from(faxRecords);
        return made.every((m) => now.find((r) => r.id === m.id)?.status === 'sent');
      }, 'the faxes to be sent');
    } finally {
      await worker.stop();
    }
    return Promise.all(made.map((m) => readFile(join(t.dataDir, 'fax-outbox', `${m.idempotencyKey}.pdf`))));
  };
  const coverOf = (pdf: Buffer) => pdfText(pdf, { first: 1 });
  /** The cover sheet's job table: [job id, patient, pages] per line. */
  const coverRows = (cover: string) =>
    [...cover.matchAll(/^\s*(\d+)\s+(\S.*?)\s{2,}(\d+)\s*$/gm)].map(
      (m) => [Number(m[1]), m[2], Number(m[3])] as const,
    );

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North' });
    const facility = north.facilities[0]!;
    const [everyman, jones] = await db()
      .insert(patients)
      .values([
        { corporateStructureId: north.structure.id, mrn: 'M-1', lastName: 'Everyman', firstName: 'Adam' },
        { corporateStructureId: north.structure.id, mrn: 'M-2', lastName: 'Jones', firstName: 'Isabella' },
      ])
      .returning();
    a = (await buildJob(t.ctx, facility, { patientId: everyman!.id })).id;
    b = (await buildJob(t.ctx, facility, { patientId: jones!.id })).id;
    c = (await buildJob(t.ctx, facility, { patientId: everyman!.id })).id;
    await addCdaDocument(t.ctx, a, 'Progress_Note.xml');
    await addCdaDocument(t.ctx, b, 'Discharge_Summary.xml');
    await addCdaDocument(t.ctx, c, 'Progress_Note.xml');
    const [ames, burke, shared] = await db()
      .insert(physicians)
      .values(
        [
          ['Ames', '201 555 0111'],
          ['Burke', '201 555 0222'],
          ['Shared', '201 555 0333'],
        ].map(([lastName, faxNumber]) => ({
          corporateStructureId: north.structure.id,
          firstName: 'Dr',
          lastName: lastName!,
          fax: faxNumber!,
        })),
      )
      .returning();
    sharedId = shared!.id;
    await db()
      .insert(recipients)
      .values([
        { jobId: a, physicianId: ames!.id, isAddressee: true },
        { jobId: a, physicianId: shared!.id, isAddressee: false },
        { jobId: b, physicianId: burke!.id, isAddressee: true },
        { jobId: c, physicianId: shared!.id, isAddressee: true },
      ]);
    const m = await buildUser(t.ctx, { accounts: [{ companyId: north.structure.id }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs(m.user.username, m.password, m.accounts[0]!.id);
    const contactsOf = async (jobId: number) =>
      (await manager.get(`/api/jobs/getContactListForJob?jobId=${jobId}`)).json() as Contact[];
    contact.ames = (await contactsOf(a)).find((x) => x.name === 'Dr Ames')!;
    contact.burke = (await contactsOf(b)).find((x) => x.name === 'Dr Burke')!;
    expect(contact.ames).toBeDefined();
    expect(contact.burke).toBeDefined();
  });
  afterAll(async () => t?.close());

  it(
    'by default sends each job only to its own contact: two jobs, two faxes, each with its own patient',
    async () => {
      const before = await lastRecordId();
      const res = await fax({ jobIds: [a, b], recipients: [contact.ames, contact.burke] });
      // No confirmation is needed: nobody receives a job outside its contacts.
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, text: message('fax.queued') });
      const made = await madeAfter(before);
      expect(made.map((r) => [r.recipientName, r.jobIds])).toEqual([
        ['Dr Ames', [a]],
        ['Dr Burke', [b]],
      ]);
      const [toAmes, toBurke] = await sendAll(made);
      const amesText = await pdfText(toAmes!);
      expect(amesText).toContain('Everyman');
      expect(amesText).not.toContain('Jones');
      const burkeText = await pdfText(toBurke!);
      expect(burkeText).toContain('Jones');
      expect(burkeText).not.toContain('Everyman');
      expect(coverRows(await coverOf(toAmes!)).map((r) => r.slice(0, 2))).toEqual([[a, 'Everyman, Adam']]);
      expect(coverRows(await coverOf(toBurke!)).map((r) => r.slice(0, 2))).toEqual([[b, 'Jones, Isabella']]);
    },
    WORKER_TIMEOUT,
  );

  it(
    'sends every job to one recipient in one fax only when asked to send them together, every job on its cover',
    async () => {
      const custom = customRecipient('Dr Casey Morrow', '5550100777');
      const none = await fax({ jobIds: [a, b], recipients: [custom], confirmOutsideContacts: true });
      // Per job, a recipient who is no job's contact and was given no job is refused: nothing queued.
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toBe(
        message('fax.recipientNoJobs', { name: 'Dr Casey Morrow', jobIds: `${a}, ${b}` }),
      );
      const before = await lastRecordId();
      const tasksBefore = await queued();
      expect(await madeAfter(before)).toEqual([]);

      // Together still needs the confirmation for jobs outside the recipient's contacts.
      const unconfirmed = await fax({ jobIds: [a, b], recipients: [custom], together: true });
      expect(unconfirmed.statusCode).toBe(409);
      expect(await queued()).toBe(tasksBefore);

      const res = await fax({
        jobIds: [a, b],
        recipients: [custom],
        together: true,
        confirmOutsideContacts: true,
      });
      expect(res.statusCode).toBe(200);
      const made = await madeAfter(before);
      expect(made.map((r) => [r.recipientName, r.jobIds])).toEqual([['Dr Casey Morrow', [a, b]]]);
      const [pdf] = await sendAll(made);
      const cover = await coverOf(pdf!);
      const rows = coverRows(cover);
      expect(rows.map(([jobId, patient]) => [jobId, patient])).toEqual([
        [a, 'Everyman, Adam'],
        [b, 'Jones, Isabella'],
      ]);
      const total = Number(/Total pages\s+(\d+)/.exec(cover)![1]);
      expect(total).toBe(1 + rows[0]![2] + rows[1]![2]);
    },
    WORKER_TIMEOUT,
  );

  it(
    'gives a recipient on two of three jobs exactly those two, in one fax, and the others their own',
    async () => {
      const before = await lastRecordId();
      const shared = {
        id: sharedId,
        name: 'Dr Shared',
        faxNumber: '201 555 0333',
        recipientType: 'Physician',
        faxFlag: true,
      };
      const res = await fax({ jobIds: [a, b, c], recipients: [shared, contact.burke] });
      expect(res.statusCode).toBe(200);
      const made = await madeAfter(before);
      expect(made.map((r) => [r.recipientName, r.jobIds])).toEqual([
        ['Dr Shared', [a, c]],
        ['Dr Burke', [b]],
      ]);
      // Each job's record names its own contact row.
      const links = await db()
        .select({ jobId: faxRecordJobs.jobId, recipientId: faxRecordJobs.recipientId })
        .from(faxRecordJobs)
        .where(eq(faxRecordJobs.faxRecordId, made[0]!.id));
      expect(links.every((l) => l.recipientId !== null)).toBe(true);
      const [toShared] = await sendAll([made[0]!]);
      const cover = await coverOf(toShared!);
      expect(coverRows(cover).map((r) => r.slice(0, 2))).toEqual([
        [a, 'Everyman, Adam'],
        [c, 'Everyman, Adam'],
      ]);
      expect(cover).not.toContain('Jones');
    },
    WORKER_TIMEOUT,
  );

  it(
    'sends a recipient only the jobs chosen for it, and refuses jobs that are not faxed',
    async () => {
      const custom = customRecipient('Dr Casey Morrow', '5550100777');
      const before = await lastRecordId();
      const stray = await fax({
        jobIds: [a, b],
        recipients: [{ ...custom, jobIds: [c] }],
        confirmOutsideContacts: true,
      });
      expect(stray.statusCode).toBe(400);
      expect(stray.json().error.message).toContain(
        `Dr Casey Morrow is to receive job ${c}, which is not faxed`,
      );
      const both = await fax({ jobIds: [a, b], recipients: [{ ...custom, jobIds: [b] }], together: true });
      expect(both.statusCode).toBe(400);
      expect(await madeAfter(before)).toEqual([]);

      // Dr Ames is a contact of A, and chosen for A only though the dialog also offered B.
      const res = await fax({
        jobIds: [a, b],
        recipients: [
          { ...custom, jobIds: [b] },
          { ...contact.ames, jobIds: [a] },
        ],
        confirmOutsideContacts: true,
      });
      expect(res.statusCode).toBe(200);
      const made = await madeAfter(before);
      expect(made.map((r) => [r.recipientName, r.jobIds])).toEqual([
        ['Dr Casey Morrow', [b]],
        ['Dr Ames', [a]],
      ]);
      // Unconfirmed, the refusal names only the job chosen for the outsider.
      const unconfirmed = await fax({ jobIds: [a, b], recipients: [{ ...custom, jobIds: [b] }] });
      expect(unconfirmed.statusCode).toBe(409);
      expect(unconfirmed.json().error.message).toBe(
        message('fax.outsideContacts', { name: 'Dr Casey Morrow', jobIds: String(b) }),
      );
    },
    WORKER_TIMEOUT,
  );
});
