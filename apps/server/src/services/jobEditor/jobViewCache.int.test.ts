import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  attachments,
  auditLog,
  clientFacilities,
  departments,
  jobFlags,
  jobNotes,
  jobs,
  locations,
  patients,
  physicians,
  recipients,
  referenceEpoch,
  workTypes,
} from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { editorSuite } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { statementsDuring } from '../../testing/statements.js';

interface Details {
  jobNote: string | null;
  patientName: string | null;
  jobNotes: { note: string }[];
  holdQueueFlags: { code: string }[];
  dictator: { lastName: string | null } | null;
  workType: { name: string };
  department: { name: string } | null;
  location: { name: string } | null;
  clientFacility: { name: string };
  attachmentsEnabled: boolean;
  recipients: { isAddressee: boolean; lastName: string | null }[];
}

/**
 * Issue 24: GetJobDetails and getjobdata are answered from memory while the job's stamp holds
 * (jobViewCache.ts). The cache hears of no write: every write below is made in the database the
 * way another server, a command or an administrator's SQL would make it, after the job was read
 * twice (kept, then served from memory), and the next read must show it.
 */
describe.each(databaseTargets())('the job view kept in memory on $name', (target) => {
  const s = editorSuite(target);
  const db = () => s.t.ctx.database.db;

  async function read(jobId: number) {
    const view = await s.ed.get(`/api/job/GetJobDetails?jobId=${jobId}`);
    const data = await s.ed.get(`/api/job/getjobdata?jobId=${jobId}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(data.statusCode, data.body).toBe(200);
    return { view: view.json() as Details, data: data.json() as Details & { workTypeId: number } };
  }

  /** A new job, read twice so that the second answer came from memory. */
  async function keptJob() {
    const job = await s.w.makeJob();
    await read(job.id);
    const second = await read(job.id);
    return { job, ...second };
  }

  it('shows a change to the job row, its notes and its flags', async () => {
    const { job, view } = await keptJob();
    expect(view.jobNote).toBeNull();
    await db().update(jobs).set({ jobNote: 'Call the ward first' }).where(eq(jobs.id, job.id));
    expect((await read(job.id)).view.jobNote).toBe('Call the ward first');

    await db().insert(jobNotes).values({ jobId: job.id, note: 'Dictated twice', createdBy: 'HIM' });
    expect((await read(job.id)).view.jobNotes.map((n) => n.note)).toEqual(['Dictated twice']);
    await db().update(jobNotes).set({ note: 'Dictated once' }).where(eq(jobNotes.jobId, job.id));
    expect((await read(job.id)).view.jobNotes.map((n) => n.note)).toEqual(['Dictated once']);

    await db().insert(jobFlags).values({ jobId: job.id, code: 'HQ03', description: 'No dictator' });
    const flagged = await read(job.id);
    expect(flagged.view.holdQueueFlags.map((f) => f.code)).toEqual(['HQ03']);
    expect(flagged.data.holdQueueFlags.map((f) => f.code)).toEqual(['HQ03']);
    await db().delete(jobFlags).where(eq(jobFlags.jobId, job.id));
    expect((await read(job.id)).data.holdQueueFlags).toEqual([]);
  });

  it('shows a recipient changed, added and removed', async () => {
    const { job, data } = await keptJob();
    expect(data.recipients.map((r) => r.isAddressee)).toEqual([true]);
    await db().update(recipients).set({ isAddressee: false }).where(eq(recipients.jobId, job.id));
    expect((await read(job.id)).data.recipients.map((r) => r.isAddressee)).toEqual([false]);

    const [added] = await db()
      .insert(recipients)
      .values({ jobId: job.id, physicianId: s.w.docs[2]!.id, distributionMethod: 'print', ordinal: 1 })
      .returning();
    expect((await read(job.id)).view.recipients.map((r) => r.lastName)).toEqual(['House', 'Wilson']);
    await db().delete(recipients).where(eq(recipients.id, added!.id));
    expect((await read(job.id)).view.recipients.map((r) => r.lastName)).toEqual(['House']);
  });

  it('shows the patient renamed', async () => {
    const { job, view } = await keptJob();
    expect(view.patientName).toBe('Everyman, Adam');
    await db().update(patients).set({ lastName: 'Everywoman' }).where(eq(patients.id, s.w.patient.id));
    expect((await read(job.id)).view.patientName).toBe('Everywoman, Adam');
    await db().update(patients).set({ lastName: 'Everyman' }).where(eq(patients.id, s.w.patient.id));
  });

  it('shows the reference data renamed: physician, work type, department, location, facility', async () => {
    const { job } = await keptJob();
    await db()
      .update(jobs)
      .set({ departmentId: s.w.dep.id, locationId: s.w.loc.id })
      .where(eq(jobs.id, job.id));
    await read(job.id);
    await read(job.id);

    await db().update(physicians).set({ lastName: 'Houseman' }).where(eq(physicians.id, s.w.docs[0]!.id));
    const renamed = await read(job.id);
    expect(renamed.view.dictator?.lastName).toBe('Houseman');
    expect(renamed.data.recipients[0]!.lastName).toBe('Houseman');

    await db().update(workTypes).set({ name: 'Progress Note (v2)' }).where(eq(workTypes.id, s.w.wt.id));
    const typed = await read(job.id);
    expect(typed.view.workType.name).toBe('Progress Note (v2)');
    expect(typed.data.workType.name).toBe('Progress Note (v2)');

    await db().update(departments).set({ name: 'Cardiac Care' }).where(eq(departments.id, s.w.dep.id));
    await db().update(locations).set({ name: 'Ward One' }).where(eq(locations.id, s.w.loc.id));
    await db()
      .update(clientFacilities)
      .set({ name: 'North General' })
      .where(eq(clientFacilities.id, s.w.cf.id));
    const moved = (await read(job.id)).view;
    expect([moved.department?.name, moved.location?.name, moved.clientFacility.name]).toEqual([
      'Cardiac Care',
      'Ward One',
      'North General',
    ]);
  });

  it("shows the facility's first attachment", async () => {
    const { job, view } = await keptJob();
    expect(view.attachmentsEnabled).toBe(false);
    await db().insert(attachments).values({
      clientFacilityId: s.w.cf.id,
      name: 'Lab result',
      description: 'CBC',
      mimeType: 'application/pdf',
      blobKey: 'none',
      size: 1,
      contextStartAt: new Date(),
    });
    expect((await read(job.id)).view.attachmentsEnabled).toBe(true);
  });

  it("never gives a kept job to another company's account, and audits every read", async () => {
    const { job } = await keptJob();
    const south = await buildUser(s.t.ctx, {
      username: `south-${job.id}`,
      accounts: [{ companyId: s.w.south.structure.id }],
    });
    const other = new TestBrowser(s.t.app);
    await other.signInAs(south.user.username, south.password, south.accounts[0]!.id);
    for (const path of ['GetJobDetails', 'getjobdata']) {
      expect((await other.get(`/api/job/${path}?jobId=${job.id}`)).statusCode).toBe(404);
    }
    // Three reads of each by the editor (keptJob's two and this one, of a kept answer gone stale),
    // each with exactly one row.
    await db().update(jobs).set({ jobNote: 'Read again' }).where(eq(jobs.id, job.id));
    expect((await read(job.id)).view.jobNote).toBe('Read again');
    const rows = await db()
      .select({ action: auditLog.action, outcome: auditLog.outcome, n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.jobId, job.id))
      .groupBy(auditLog.action, auditLog.outcome)
      .orderBy(auditLog.action, auditLog.outcome);
    expect(rows).toEqual([
      { action: 'job.data.read', outcome: 'success', n: 3 },
      { action: 'job.view.read', outcome: 'success', n: 3 },
      { action: 'jobEditor.details', outcome: 'notFound', n: 1 },
      { action: 'jobEditor.jobData', outcome: 'notFound', n: 1 },
    ]);
  });

  it('serves a kept job with no statement of its own: its stamp comes with the grouped audit row', async () => {
    const { job } = await keptJob();
    const sent = await statementsDuring(() =>
      Promise.all(Array.from({ length: 20 }, () => s.ed.get(`/api/job/GetJobDetails?jobId=${job.id}`))),
    );
    const aboutJobs = sent.filter((text) => /\bjobs\b/.test(text));
    expect(aboutJobs.length).toBeGreaterThan(0);
    expect(aboutJobs.every((text) => text.includes('insert into audit_log'))).toBe(true);
    // Grouped: fewer statements than reads (the first of a quiet moment goes alone).
    expect(aboutJobs.length).toBeLessThan(20);
  });

  it('moves the reference epoch once per committing transaction, never for one rolled back', async () => {
    const epoch = async () => (await db().select().from(referenceEpoch))[0]!.n;
    const before = await epoch();
    await db().transaction(async (tx) => {
      await tx
        .update(physicians)
        .set({ specialty: 'Internal Medicine' })
        .where(eq(physicians.id, s.w.docs[1]!.id));
      await tx.update(physicians).set({ specialty: 'Oncology' }).where(eq(physicians.id, s.w.docs[2]!.id));
      await tx.update(workTypes).set({ maxAddressees: 3 }).where(eq(workTypes.id, s.w.wt.id));
    });
    expect(await epoch()).toBe(before + 1);
    await db()
      .transaction(async (tx) => {
        await tx.update(locations).set({ name: 'Ward Nowhere' }).where(eq(locations.id, s.w.loc.id));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await epoch()).toBe(before + 1);
  });
});
