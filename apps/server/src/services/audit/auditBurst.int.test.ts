import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { editorSuite } from '../../testing/jobEditorTestKit.js';

/** The job view's audited reads, each with the action its audit row carries. */
const READS = [
  ['/api/job/GetJobDetails', 'job.view.read'],
  ['/api/job/getjobdata', 'job.data.read'],
  ['/api/job/getjobversion', 'job.version.read'],
  ['/api/job/GetDocumentAvailability', 'job.availability.read'],
  ['/api/job/getcda', 'job.text.read'],
] as const;

/**
 * Issue 24: audit rows written outside a transaction are grouped into one insert per moment
 * (services/audit/recordAudit.ts). A burst of 1,000 concurrent reads must still leave exactly one
 * row per read, naming its job, patient and account, and no read may answer before its row exists.
 */
describe.each(databaseTargets())('a burst of 1,000 audited reads on $name', (target) => {
  const s = editorSuite(target);

  it('writes one audit row per read, each naming its job, before answering', async () => {
    const jobs = await Promise.all(Array.from({ length: 10 }, () => s.w.makeJob()));
    const ids = jobs.map((j) => j.id);
    const account = s.w.editors[0]!.accounts[0]!.id;
    const rowsOf = async (action: string, jobId: number) =>
      (
        await s.t.ctx.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(and(eq(auditLog.action, action), eq(auditLog.jobId, jobId), eq(auditLog.accountId, account)))
      )[0]!.n;

    let answered = 0;
    let answeredWithoutRow = 0;
    await Promise.all(
      Array.from({ length: 1000 }, async (_, i) => {
        const [path, action] = READS[i % READS.length]!;
        const job = jobs[Math.floor(i / READS.length) % jobs.length]!;
        const res = await s.ed.get(`${path}?jobId=${job.id}`);
        expect(res.statusCode, `${path} ${res.body}`).toBe(200);
        answered++;
        // The answer came after its row committed: at least one row of this action and job is there.
        if ((await rowsOf(action, job.id)) === 0) answeredWithoutRow++;
      }),
    );
    expect(answered).toBe(1000);
    expect(answeredWithoutRow).toBe(0);

    const rows = await s.t.ctx.database.db
      .select({ action: auditLog.action, jobId: auditLog.jobId, patientId: auditLog.patientId })
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.jobId, ids),
          inArray(
            auditLog.action,
            READS.map(([, action]) => action),
          ),
        ),
      );
    expect(rows).toHaveLength(1000);
    for (const [, action] of READS) {
      for (const id of ids) {
        expect(
          rows.filter((r) => r.action === action && r.jobId === id),
          `${action} job ${id}`,
        ).toHaveLength(20);
      }
    }
    expect(new Set(rows.map((r) => r.patientId))).toEqual(new Set([s.w.patient.id]));
  }, 240_000);
});
