import { message } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, faxRecordJobs, faxRecords, physicians, recipients } from '../../db/schema/index.js';
import { sendFaxTask } from '../../tasks/sendFax.js';
import { queueName } from '../../tasks/taskQueue.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildStructure, buildUser } from '../../testing/factories.js';
import { addCdaDocument, customRecipient } from '../../testing/faxTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

type Contact = {
  id: number;
  name: string;
  faxNumber: string;
  recipientType: string;
  physicianId: number | null;
};

/**
 * Issue 18: a bulk fax must not send one patient's letter to another job's physician by a click.
 * Jobs A and B of one facility: Dr Carbon is a carbon copy of A only, Dr Shared an addressee of both.
 */
describe.each(databaseTargets())('POST /api/jobs/Fax outside the jobs’ contacts on $name', (target) => {
  let t: TestApp;
  let manager: TestBrowser;
  let a: number;
  let b: number;
  const rowOf: Record<string, number> = {};

  const records = () => t.ctx.database.db.select().from(faxRecords).orderBy(asc(faxRecords.id));
  const queued = async () => (await t.ctx.tasks.boss.getQueueSize(queueName(sendFaxTask))) as number;
  const contactsOf = async (jobId: number) =>
    (await manager.get(`/api/jobs/getContactListForJob?jobId=${jobId}`)).json() as Contact[];
  const fax = (body: unknown) => manager.post('/api/jobs/Fax', body);

  beforeAll(async () => {
    t = await createTestApp(target);
    const north = await buildStructure(t.ctx, { name: 'North' });
    const facility = north.facilities[0]!;
    a = (await buildJob(t.ctx, facility)).id;
    b = (await buildJob(t.ctx, facility)).id;
    await addCdaDocument(t.ctx, a);
    await addCdaDocument(t.ctx, b);
    const [carbon, shared] = await t.ctx.database.db
      .insert(physicians)
      .values([
        {
          corporateStructureId: north.structure.id,
          firstName: 'Cora',
          lastName: 'Carbon',
          fax: '201 555 0111',
        },
        {
          corporateStructureId: north.structure.id,
          firstName: 'Sam',
          lastName: 'Shared',
          fax: '201 555 0222',
        },
      ])
      .returning();
    const made = await t.ctx.database.db
      .insert(recipients)
      .values([
        { jobId: a, physicianId: carbon!.id, isAddressee: false },
        { jobId: a, physicianId: shared!.id, isAddressee: true },
        { jobId: b, physicianId: shared!.id, isAddressee: true },
      ])
      .returning();
    rowOf.carbonA = made[0]!.id;
    rowOf.sharedA = made[1]!.id;
    rowOf.sharedB = made[2]!.id;
    const m = await buildUser(t.ctx, { accounts: [{ companyId: north.structure.id }] });
    manager = new TestBrowser(t.app);
    await manager.signInAs(m.user.username, m.password, m.accounts[0]!.id);
  });
  afterAll(async () => t?.close());

  it('refuses with 409 and queues nothing when a recipient is not a contact of every job', async () => {
    const carbon = (await contactsOf(a)).find((c) => c.id === rowOf.carbonA)!;
    expect(carbon).toMatchObject({ name: 'Cora Carbon', recipientType: 'CC' });
    const custom = customRecipient('Dr Casey Morrow', '5550100777');
    const cases: [unknown, string][] = [
      // Job A's carbon copy would receive job B's letter: chosen for it, or sent together.
      [
        { jobIds: [a, b], recipients: [{ ...carbon, faxFlag: true, jobIds: [a, b] }] },
        message('fax.outsideContacts', { name: 'Cora Carbon', jobIds: String(b) }),
      ],
      [
        { jobIds: [a, b], recipients: [{ ...carbon, faxFlag: true }], together: true },
        message('fax.outsideContacts', { name: 'Cora Carbon', jobIds: String(b) }),
      ],
      // A custom recipient is a contact of no job, even when one job is faxed.
      [
        { jobIds: [a], recipients: [custom] },
        message('fax.outsideContacts', { name: 'Dr Casey Morrow', jobIds: String(a) }),
      ],
      // A contact sent with another number is not that contact.
      [
        { jobIds: [a], recipients: [{ ...carbon, faxFlag: true, faxNumber: '2015559999' }] },
        message('fax.outsideContacts', { name: 'Cora Carbon', jobIds: String(a) }),
      ],
      // Confirmation false is no confirmation.
      [
        { jobIds: [a, b], recipients: [custom], together: true, confirmOutsideContacts: false },
        message('fax.outsideContacts', { name: 'Dr Casey Morrow', jobIds: `${a}, ${b}` }),
      ],
    ];
    for (const [body, text] of cases) {
      const res = await fax(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'outside_contacts', message: text });
    }
    expect(await records()).toEqual([]);
    expect(await queued()).toBe(0);
  });

  it('faxes a contact of every job without confirmation, linked to each job’s own contact', async () => {
    const shared = (await contactsOf(a)).find((c) => c.id === rowOf.sharedA)!;
    const onB = (await contactsOf(b)).find((c) => c.id === rowOf.sharedB)!;
    // The dialog knows the two rows are one physician.
    expect(shared.physicianId).toBe(onB.physicianId);
    expect(shared.physicianId).not.toBeNull();
    const res = await fax({
      jobIds: [a, b],
      recipients: [{ ...shared, faxFlag: true, faxNumber: '2015550222' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const [record] = await records();
    const carried = await t.ctx.database.db
      .select()
      .from(faxRecordJobs)
      .where(eq(faxRecordJobs.faxRecordId, record!.id))
      .orderBy(asc(faxRecordJobs.ordinal));
    expect(carried.map((c) => [c.jobId, c.recipientId])).toEqual([
      [a, rowOf.sharedA],
      [b, rowOf.sharedB],
    ]);
  });

  it("with the confirmation, queues it, audits it per job and each job's details name who received it", async () => {
    const carbon = (await contactsOf(a)).find((c) => c.id === rowOf.carbonA)!;
    const before = (await records()).length;
    const res = await fax({
      jobIds: [a, b],
      recipients: [{ ...carbon, faxFlag: true }],
      together: true,
      confirmOutsideContacts: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, text: message('fax.queued') });
    const made = (await records()).slice(before);
    expect(made.map((r) => [r.recipientName, r.faxNumber])).toEqual([['Cora Carbon', '2015550111']]);

    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fax.queue'))
      .orderBy(asc(auditLog.id));
    const last = audits.slice(-2);
    expect(
      last.map((x) => [x.jobId, (x.detail as Record<string, unknown>).outsideContactsConfirmed]),
    ).toEqual([
      [a, undefined],
      [b, [made[0]!.id]],
    ]);

    const detailsOf = async (jobId: number) =>
      (await manager.get(`/api/jobs/jobdetails?jobId=${jobId}`)).json().faxes as Record<string, unknown>[];
    const onA = await detailsOf(a);
    const onB = await detailsOf(b);
    const summary = (list: Record<string, unknown>[]) =>
      list.map((f) => [f.recipientName, f.faxNumber, f.contactOfJob, f.status]);
    expect(summary(onA)).toEqual([
      ['Sam Shared', '2015550222', true, 'queued'],
      ['Cora Carbon', '2015550111', true, 'queued'],
    ]);
    // Job B's record says its letter went to Dr Carbon, who is not its contact.
    expect(summary(onB)).toEqual([
      ['Sam Shared', '2015550222', true, 'queued'],
      ['Cora Carbon', '2015550111', false, 'queued'],
    ]);
    expect(onB[1]).toMatchObject({ recipientType: 'CC', createdDate: expect.any(String), sentDate: null });
  });
});
