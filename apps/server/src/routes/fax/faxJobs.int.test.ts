import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { message, PERMISSIONS } from '@quill/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  distributions,
  faxRecordJobs,
  faxRecords,
  physicians,
  recipients,
} from '../../db/schema/index.js';
import { sendFaxTask } from '../../tasks/sendFax.js';
import { queueName } from '../../tasks/taskQueue.js';
import { startWorker } from '../../tasks/worker.js';
import { databaseTargets } from '../../testing/databases.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { addCdaDocument, waitFor } from '../../testing/faxTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const walsh = {
  id: null,
  name: 'Dr. Olivia Walsh',
  faxNumber: '201 555 0101',
  recipientType: 'Custom',
  faxFlag: true,
};

describe.each(databaseTargets())('POST /api/jobs/Fax on $name', (target) => {
  let t: TestApp;
  let north: Awaited<ReturnType<typeof buildStructure>>;
  let south: Awaited<ReturnType<typeof buildStructure>>;
  let manager: TestBrowser;
  let noFax: TestBrowser;
  const ids: Record<string, number> = {};

  const records = () => t.ctx.database.db.select().from(faxRecords).orderBy(asc(faxRecords.id));
  const queued = async () => (await t.ctx.tasks.boss.getQueueSize(queueName(sendFaxTask))) as number;
  const fax = (body: unknown, who = manager) => who.post('/api/jobs/Fax', body);

  beforeAll(async () => {
    t = await createTestApp(target);
    north = await buildStructure(t.ctx, { name: 'North', facilities: 2 });
    south = await buildStructure(t.ctx, { name: 'South' });
    const [f1, f2] = north.facilities;
    for (const name of ['a', 'b', 'c']) {
      ids[name] = (await buildJob(t.ctx, f1!, { stageId: 9, onManualList: true })).id;
      await addCdaDocument(t.ctx, ids[name]!);
    }
    ids.otherFacility = (await buildJob(t.ctx, f2!)).id;
    await addCdaDocument(t.ctx, ids.otherFacility);
    ids.noDocument = (await buildJob(t.ctx, f1!)).id;
    ids.south = (await buildJob(t.ctx, south.facilities[0]!)).id;
    await addCdaDocument(t.ctx, ids.south);

    const m = await buildUser(t.ctx, { accounts: [{ companyId: north.structure.id }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs(m.user.username, m.password, m.accounts[0]!.id);
    const v = await buildUser(t.ctx, {
      accounts: [{ companyId: north.structure.id, permissions: PERMISSIONS.filter((p) => p !== 'jobFax') }],
    });
    noFax = new TestBrowser(t.app);
    await noFax.signInAs(v.user.username, v.password, v.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  it('needs a signed-in account with jobFax and the CSRF token', async () => {
    const body = { jobIds: [ids.a], recipients: [walsh] };
    const denied = await fax(body, noFax);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(message('fax.noPermission'));
    // Without jobFax the answer is 403 even for a body that is not valid.
    expect((await fax({ jobIds: [] }, noFax)).statusCode).toBe(403);
    expect((await new TestBrowser(t.app).post('/api/jobs/Fax', body)).statusCode).toBe(401);
    expect((await manager.post('/api/jobs/Fax', body, { xsrf: false })).statusCode).toBe(403);
    expect(await records()).toEqual([]);
  });

  it('answers 400 with a message for a body that is not valid, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ jobIds: [], recipients: [walsh] }, 'Name at least one job to fax'],
      [
        { jobIds: Array.from({ length: 11 }, (_, i) => i + 1), recipients: [walsh] },
        'At most 10 jobs per fax',
      ],
      [{ jobIds: [ids.a], recipients: [] }, 'Choose at least one recipient'],
      [{ jobIds: [ids.a], recipients: [{ ...walsh, name: '' }] }, 'A recipient needs a name'],
      [{ jobIds: ['x'], recipients: [walsh] }, 'jobIds'],
      [{ jobIds: [ids.a] }, 'recipients'],
    ];
    for (const [body, text] of cases) {
      const res = await fax(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(text);
    }
    expect(await records()).toEqual([]);
  });

  it("answers 404 for another tenant's job or a missing one, and sends nothing", async () => {
    for (const jobIds of [[ids.a, ids.south], [ids.south], [ids.a, 987_654]]) {
      const res = await fax({ jobIds, recipients: [walsh] });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(`Job ${jobIds.at(-1)} was not found.`);
    }
    expect(await records()).toEqual([]);
    expect(await queued()).toBe(0);
  });

  it('refuses a fax number that is not digits once spaces are removed, naming the recipient', async () => {
    for (const faxNumber of ['(201) 555-0101', '', '+12015550101', '201 555 O101']) {
      const res = await fax({
        jobIds: [ids.a],
        recipients: [walsh, { ...walsh, name: 'Dr. Bad Number', faxNumber }],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message('fax.invalidNumber', { name: 'Dr. Bad Number' }));
    }
    expect(await records()).toEqual([]);
  });

  it('answers {success: false} with the spec message for jobs of several client facilities', async () => {
    const res = await fax({ jobIds: [ids.a, ids.otherFacility], recipients: [walsh] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, text: message('fax.sameFacility') });
    expect(await records()).toEqual([]);
  });

  it('answers 422 for a job without a document', async () => {
    const res = await fax({ jobIds: [ids.a, ids.noDocument], recipients: [walsh] });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(message('fax.noDocument', { jobId: ids.noDocument! }));
    expect(await records()).toEqual([]);
    expect(await queued()).toBe(0);
  });

  it('queues one fax record and one durable task per recipient, and the worker sends each once', async () => {
    const [drWho] = await t.ctx.database.db
      .insert(physicians)
      .values({
        corporateStructureId: north.structure.id,
        firstName: 'Wanda',
        lastName: 'Who',
        fax: '973 555 0177',
      })
      .returning();
    const [onB] = await t.ctx.database.db
      .insert(recipients)
      .values({ jobId: ids.b!, physicianId: drWho!.id, isAddressee: true })
      .returning();
    const physician = {
      id: drWho!.id,
      name: 'Wanda Who',
      faxNumber: '973 555 0177',
      recipientType: 'Physician',
      faxFlag: true,
    };
    const res = await fax({
      jobIds: [ids.a, ids.b, ids.a],
      recipients: [walsh, physician, { ...walsh, name: 'Same number twice' }],
      // Walsh is a contact of neither job, Dr Who of job b only (faxOutsideContacts.int.test.ts):
      // sent together, each receives both jobs in one fax (faxPerJob.int.test.ts for the default).
      together: true,
      confirmOutsideContacts: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, text: 'Job successfully queued for faxing' });

    const made = await records();
    expect(made.map((r) => [r.recipientName, r.faxNumber, r.status, r.jobId])).toEqual([
      ['Dr. Olivia Walsh', '2015550101', 'queued', ids.a],
      ['Wanda Who', '9735550177', 'queued', ids.a],
    ]);
    const carried = await t.ctx.database.db
      .select()
      .from(faxRecordJobs)
      .orderBy(asc(faxRecordJobs.faxRecordId), asc(faxRecordJobs.ordinal));
    expect(carried.map((c) => [c.faxRecordId, c.jobId, c.recipientId])).toEqual([
      [made[0]!.id, ids.a, null],
      [made[0]!.id, ids.b, null],
      [made[1]!.id, ids.a, null],
      [made[1]!.id, ids.b, onB!.id],
    ]);
    // One task per record, whose pg-boss id is the record's idempotency key.
    for (const r of made) {
      const task = await t.ctx.tasks.boss.getJobById(queueName(sendFaxTask), r.idempotencyKey);
      expect(task?.data).toEqual({ faxRecordId: r.id });
      expect(task?.retryLimit).toBe(5);
    }
    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fax.queue'))
      .orderBy(asc(auditLog.jobId));
    expect(audits.map((a) => a.jobId)).toEqual([ids.a, ids.b]);

    const worker = await startWorker(t.ctx);
    try {
      await waitFor(async () => (await records()).every((r) => r.status === 'sent'), 'the faxes to be sent');
    } finally {
      await worker.stop();
    }
    const outbox = join(t.dataDir, 'fax-outbox');
    const files = (await readdir(outbox)).sort();
    expect(files).toEqual(
      made.flatMap((r) => [`${r.idempotencyKey}.json`, `${r.idempotencyKey}.pdf`]).sort(),
    );
    const envelope = JSON.parse(await readFile(join(outbox, `${made[1]!.idempotencyKey}.json`), 'utf8'));
    expect(envelope).toMatchObject({
      key: made[1]!.idempotencyKey,
      faxRecordId: made[1]!.id,
      to: { name: 'Wanda Who', faxNumber: '9735550177' },
      jobIds: [ids.a, ids.b],
      document: `${made[1]!.idempotencyKey}.pdf`,
    });
    const pdf = await readFile(join(outbox, `${made[1]!.idempotencyKey}.pdf`));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const cover = await pdfText(pdf, { first: 1 });
    expect(cover).toContain('Wanda Who');
    expect(cover).toContain('9735550177');
    // The cover sheet counts itself: the envelope's pages are the whole fax.
    expect(cover).toMatch(new RegExp(`${message('documents.coverSheet.pages')}\\s+${envelope.pages} \\(`));
    // Every job it carries is on it.
    expect(cover).toMatch(new RegExp(`^\\s*${ids.a}\\s+\\d+\\s*$`, 'm'));
    expect(cover).toMatch(new RegExp(`^\\s*${ids.b}\\s+\\d+\\s*$`, 'm'));

    const sent = await records();
    expect(
      sent.every((r) => r.attempts === 1 && r.sentAt && r.transportReference?.startsWith('fax-outbox/')),
    ).toBe(true);
    const delivered = await t.ctx.database.db
      .select()
      .from(distributions)
      .where(inArray(distributions.jobId, [ids.a!, ids.b!]));
    expect(delivered).toHaveLength(4);
    expect(delivered.every((d) => d.method === 'fax' && d.status === 'sent')).toBe(true);
    expect(delivered.find((d) => d.recipientId === onB!.id)?.jobId).toBe(ids.b);

    const rows = (
      await manager.get(`/api/jobs/alljobs?corpId=${north.structure.id}&cfs=${north.facilities[0]!.id}`)
    ).json() as { jobId: number; faxed: boolean; stageId: number }[];
    expect(
      rows
        .filter((r) => r.faxed)
        .map((r) => r.jobId)
        .sort(),
    ).toEqual([ids.a, ids.b].sort());
    expect(rows.find((r) => r.jobId === ids.a)?.stageId).toBe(9);
    const sentAudits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fax.sent'), eq(auditLog.jobId, ids.a!)));
    expect(sentAudits).toHaveLength(2);
  }, 180_000);
});
