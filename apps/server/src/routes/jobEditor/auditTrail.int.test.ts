import { AUDIT_TRAIL, type AuditTrail } from '@quill/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../../services/audit/recordAudit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob, buildUser } from '../../testing/factories.js';
import { editorSuite } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';

describe.each(databaseTargets())('a job’s audit trail in the job view ($name)', (target) => {
  const s = editorSuite(target);

  it('shows who did what and how it ended, newest first, a page at a time', async () => {
    const job = await s.w.makeJob();
    expect((await s.ed.get(`/api/job/GetJobDetails?jobId=${job.id}`)).statusCode).toBe(200);
    expect((await s.ed.get(`/api/job/getcda?jobId=${job.id}`)).statusCode).toBe(200);
    const res = await s.ed.get(`/api/job/audittrail?jobId=${job.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const trail = res.json() as AuditTrail;
    expect(trail).toMatchObject({ jobId: job.id, page: 1, pageSize: AUDIT_TRAIL.pageSize, total: 2 });
    expect(trail.rows.map((r) => r.what)).toEqual(['Read the document text', 'Opened the job']);
    expect(trail.rows[0]).toMatchObject({
      user: `Test ${s.w.editors[0]!.user.username}`,
      account: s.w.editors[0]!.accounts[0]!.member,
      outcome: 'success',
      outcomeText: 'Done',
      ip: '127.0.0.1',
    });
    expect(Date.parse(trail.rows[0]!.at)).toBeGreaterThanOrEqual(Date.parse(trail.rows[1]!.at));

    // Reading the trail is on the trail; the second page holds what the first leaves out.
    for (let i = 0; i < AUDIT_TRAIL.pageSize; i++) {
      await recordAudit(s.t.ctx, { action: 'fax.sent', outcome: 'success', jobId: job.id });
    }
    const first = (await s.ed.get(`/api/job/audittrail?jobId=${job.id}`)).json() as AuditTrail;
    expect(first.total).toBe(AUDIT_TRAIL.pageSize + 3);
    expect(first.rows).toHaveLength(AUDIT_TRAIL.pageSize);
    expect(first.rows[0]).toMatchObject({ what: 'Fax sent', user: null });
    const second = (await s.ed.get(`/api/job/audittrail?jobId=${job.id}&page=2`)).json() as AuditTrail;
    // The first page's own read came in between: one row moved down.
    expect(second.rows.map((r) => r.what)).toEqual([
      'Fax sent',
      'Read the audit trail',
      'Read the document text',
      'Opened the job',
    ]);
  });

  it('answers 404 for another tenant’s job, and that tenant’s trail shows the attempt', async () => {
    const southJob = await buildJob(s.t.ctx, s.w.south.facilities[0]!);
    const refused = await s.ed.get(`/api/job/audittrail?jobId=${southJob.id}`);
    expect(refused.statusCode).toBe(404);
    expect((await s.ed.get(`/api/job/getcda?jobId=${southJob.id}`)).statusCode).toBe(404);
    expect((await s.ed.get(`/api/file/AuditTrail/${southJob.id}`)).statusCode).toBe(404);
    const south = await buildUser(s.t.ctx, { accounts: [{ companyId: s.w.south.structure.id }] });
    const owner = new TestBrowser(s.t.app);
    await owner.signInAs(south.user.username, south.password, south.accounts[0]!.id);
    const trail = (await owner.get(`/api/job/audittrail?jobId=${southJob.id}`)).json() as AuditTrail;
    expect(trail.rows.map((r) => [r.what, r.outcome, r.user])).toEqual([
      [
        'Tried to use the audit trail (audit.jobTrailExport)',
        'notFound',
        `Test ${s.w.editors[0]!.user.username}`,
      ],
      ['Tried to use the job page (jobEditor.cda)', 'notFound', `Test ${s.w.editors[0]!.user.username}`],
      ['Tried to use the audit trail (audit.jobTrail)', 'notFound', `Test ${s.w.editors[0]!.user.username}`],
    ]);
  });

  it('answers 403 without jobViewDetails', async () => {
    const job = await s.w.makeJob();
    const viewer = await buildUser(s.t.ctx, {
      accounts: [{ companyId: s.w.north.structure.id, permissions: ['jobView', 'jobViewText'] }],
    });
    const b = new TestBrowser(s.t.app);
    await b.signInAs(viewer.user.username, viewer.password, viewer.accounts[0]!.id);
    expect((await b.get(`/api/job/audittrail?jobId=${job.id}`)).statusCode).toBe(403);
    expect((await b.get(`/api/file/AuditTrail/${job.id}`)).statusCode).toBe(403);
    expect((await b.get(`/api/job/GetJobDetails?jobId=${job.id}`)).statusCode).toBe(200);
  });

  it('exports the trail as CSV with formula-looking text made harmless', async () => {
    const job = await s.w.makeJob();
    await s.t.ctx.database.db
      .update(users)
      .set({ displayName: '=HYPERLINK("http://x","y")' })
      .where(eq(users.id, s.w.editors[0]!.user.id));
    await s.ed.get(`/api/job/GetJobDetails?jobId=${job.id}`);
    const res = await s.ed.get(`/api/file/AuditTrail/${job.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`AuditTrail-${job.id}.csv`);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('When,Who,What,Outcome,From');
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,"'=HYPERLINK\\(""http://x"",""y""\\) — ${s.w.editors[0]!.accounts[0]!.member}",Opened the job,Done,127\\.0\\.0\\.1$`,
      ),
    );
    const trail = (await s.ed.get(`/api/job/audittrail?jobId=${job.id}`)).json() as AuditTrail;
    expect(trail.rows[0]!.what).toBe('Exported the audit trail');
  });
});
