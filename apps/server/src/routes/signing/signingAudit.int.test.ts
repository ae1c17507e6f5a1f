import { STAGES } from '@quill/core';
import { and, desc, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildJob } from '../../testing/factories.js';
import { editorSuite } from '../../testing/jobEditorTestKit.js';
import { addSigner } from '../../testing/signingTestKit.js';

type Signer = Awaited<ReturnType<typeof addSigner>>;

/**
 * The audit coverage of the signing calls that need a scene of their own (http/auditCoverage's
 * PATIENT_CALLS_PROVEN_ELSEWHERE): a job waiting in ES for the caller's physician, the password
 * asked again. Each writes its audit row when it succeeds, when it is refused (403, denied) and
 * when it names another tenant's job (404, notFound); the queue never lists another tenant's job.
 */
describe.each(databaseTargets())('the signing calls are audited on $name', (target) => {
  const s = editorSuite(target);
  let signer: Signer;
  let refused: Signer;
  let southJob: { id: number };

  beforeAll(async () => {
    const cs = s.w.north.structure.id;
    signer = await addSigner(s.t.ctx, s.t.app, { companyId: cs, physicianId: s.w.docs[0]!.id });
    // The same physician, without jobView: every signing call is refused before it reads anything.
    refused = await addSigner(s.t.ctx, s.t.app, {
      companyId: cs,
      physicianId: s.w.docs[0]!.id,
      permissions: ['adtView'],
    });
    // Another tenant's job in ES naming the signer's physician (an id only: it is not theirs to see).
    southJob = await buildJob(s.t.ctx, s.w.south.facilities[0]!, {
      stageId: STAGES.eSignature.id,
      dictatorId: s.w.docs[0]!.id,
    });
  }, 120_000);

  /** The audit rows `call` wrote for the user. */
  async function rowsOf<R extends { statusCode: number; body: string }>(
    userId: number,
    call: () => Promise<R>,
  ) {
    const [last] = await s.t.ctx.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    const res = await call();
    const rows = await s.t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, userId), gt(auditLog.id, last?.id ?? 0)));
    return { res, rows };
  }
  const esJob = () => s.w.makeJob({ stageId: STAGES.eSignature.id, signed: false });
  const signBody = (jobId: number, password: string) => ({ jobs: [{ jobId, version: 1 }], password });

  it('signing.queue: success audited with the job ids; never another tenant’s job; refused audited', async () => {
    const job = await esJob();
    const ok = await rowsOf(signer.user.id, () => signer.browser.get('/api/signing/queue'));
    expect(ok.res.statusCode, ok.res.body).toBe(200);
    const ids = ok.res.json().rows.map((r: { jobId: number }) => r.jobId);
    expect(ids).toContain(job.id);
    expect(ids).not.toContain(southJob.id);
    expect(ok.rows).toEqual([
      expect.objectContaining({
        action: 'signing.queue.read',
        outcome: 'success',
        detail: expect.objectContaining({ jobIds: ids }),
      }),
    ]);
    const denied = await rowsOf(refused.user.id, () => refused.browser.get('/api/signing/queue'));
    expect(denied.res.statusCode).toBe(403);
    expect(denied.rows.map((r) => r.outcome)).toEqual(['denied']);
  });

  it('signing.sign: success, refused, another tenant', async () => {
    const job = await esJob();
    const ok = await rowsOf(signer.user.id, () =>
      signer.browser.post('/api/signing/sign', signBody(job.id, signer.password)),
    );
    expect(ok.res.statusCode, ok.res.body).toBe(200);
    expect(ok.rows).toContainEqual(
      expect.objectContaining({ action: 'job.sign', outcome: 'success', jobId: job.id }),
    );
    const other = await esJob();
    const denied = await rowsOf(refused.user.id, () =>
      refused.browser.post('/api/signing/sign', signBody(other.id, refused.password)),
    );
    expect(denied.res.statusCode).toBe(403);
    expect(denied.rows.map((r) => r.outcome)).toEqual(['denied']);
    const elsewhere = await rowsOf(signer.user.id, () =>
      signer.browser.post('/api/signing/sign', signBody(southJob.id, signer.password)),
    );
    expect(elsewhere.res.statusCode).toBe(404);
    expect(elsewhere.rows).toEqual([
      expect.objectContaining({
        outcome: 'notFound',
        jobId: southJob.id,
        corporateStructureId: s.w.south.structure.id,
      }),
    ]);
  });

  it('signing.returnForCorrection: success, refused, another tenant', async () => {
    const job = await esJob();
    const body = (jobId: number) => ({ jobId, note: 'Please correct the plan.' });
    const ok = await rowsOf(signer.user.id, () => signer.browser.post('/api/signing/return', body(job.id)));
    expect(ok.res.statusCode, ok.res.body).toBe(200);
    expect(ok.rows).toEqual([
      expect.objectContaining({ action: 'job.sign.return', outcome: 'success', jobId: job.id }),
    ]);
    const denied = await rowsOf(refused.user.id, () =>
      refused.browser.post('/api/signing/return', body(job.id)),
    );
    expect(denied.res.statusCode).toBe(403);
    expect(denied.rows.map((r) => r.outcome)).toEqual(['denied']);
    const elsewhere = await rowsOf(signer.user.id, () =>
      signer.browser.post('/api/signing/return', body(southJob.id)),
    );
    expect(elsewhere.res.statusCode).toBe(404);
    expect(elsewhere.rows.map((r) => [r.outcome, r.jobId])).toEqual([['notFound', southJob.id]]);
  });
});
