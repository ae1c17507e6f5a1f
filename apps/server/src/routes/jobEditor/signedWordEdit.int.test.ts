import { SAVE_MODES, STAGES } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { storedRows, wopiClientOf, wordAuthOf, wordDocument, wordSuite } from '../../testing/wopiTestKit.js';

/**
 * Issue 39 row 2 for a Word job: a WOPI PutFile that changes the document of a job with a signed
 * date voids the signature (force re-sign, audited) and the save with move on that completes the
 * Word edit sends the job to ES; putting back the same bytes is no change of the signed text.
 */
describe.each(databaseTargets())('editing a signed Word document on $name', (target) => {
  const app = wordSuite(target);
  const signedAt = new Date('2026-10-06T01:00:00Z');
  const jobRow = (id: number) => storedRows(app.t.ctx).job(id);
  const bookingOf = (id: number) => storedRows(app.t.ctx).booking(id);
  const voids = (jobId: number) =>
    app.t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, jobId), eq(auditLog.action, 'job.signature.void')));

  /**
   * A signed Word job (document `original`) waiting in Manual Distribution with a signed date,
   * booked out; `bytes` put through the WOPI client (Lock, PutFile) as the frame's save does, then
   * saveWordDocument with move on.
   */
  const putAndMoveOn = async (original: Buffer, bytes: Buffer) => {
    const job = await app.w.makeWordJob(
      { stageId: STAGES.manualDistribution.id, signedAt, onManualList: true },
      original,
    );
    const book = await app.ed.post('/api/job/bookoutjob', { jobId: job.id });
    expect(book.statusCode, book.body).toBe(200);
    const base = (await jobRow(job.id)).version;
    const client = wopiClientOf(app.t.app, await wordAuthOf(app.ed, job.id), 'edit');
    expect((await client.lock('frame')).statusCode).toBe(200);
    const put = await client.putFile(bytes, 'frame');
    expect(put.statusCode, put.body).toBe(200);
    const afterPut = await jobRow(job.id);
    const restoreStageId = (await bookingOf(job.id))?.restoreStageId;
    const moved = await app.ed.post('/api/job/saveWordDocument', {
      jobId: job.id,
      version: base,
      bookingCookie: book.json().bookingCookie,
      saveMode: SAVE_MODES.moveOn,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    return { job, afterPut, restoreStageId, moved: moved.json() };
  };

  it('a PutFile of a changed document: force re-sign at once, audited; move on sends the job to ES', async () => {
    const { job, afterPut, restoreStageId, moved } = await putAndMoveOn(
      wordDocument('stable'),
      wordDocument('worse after signing'),
    );
    // Still booked out after the PutFile, but the signature is void and the booking returns it to ES.
    expect(afterPut).toMatchObject({ forceResign: true, onManualList: false, documentType: 'DOCX' });
    expect(restoreStageId).toBe(STAGES.eSignature.id);
    expect(moved).toMatchObject({ success: true, stageId: STAGES.eSignature.id, stageName: 'ES' });
    expect(await jobRow(job.id)).toMatchObject({
      forceResign: true,
      stageId: STAGES.eSignature.id,
      onManualList: false,
    });
    expect(await bookingOf(job.id)).toBeUndefined();
    const rows = await voids(job.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toMatchObject({
      signedAt: signedAt.toISOString(),
      fromStageId: STAGES.manualDistribution.id,
      stageId: STAGES.eSignature.id,
      forceResign: true,
      via: 'wopi',
    });
    const details = (await app.ed.get(`/api/job/GetJobDetails?jobId=${job.id}`)).json();
    expect(details).toMatchObject({ forceResign: true, stageId: STAGES.eSignature.id });
  }, 120_000);

  it('a PutFile of the same bytes is no change: the signature stays, move on goes on to distribution', async () => {
    const bytes = wordDocument('stable');
    const { job, afterPut, restoreStageId, moved } = await putAndMoveOn(bytes, Buffer.from(bytes));
    expect(afterPut).toMatchObject({ forceResign: false });
    expect(restoreStageId).toBe(STAGES.manualDistribution.id);
    // The world's one addressee is faxed: Pending Fax, not ES.
    expect(moved).toMatchObject({ success: true, stageId: STAGES.pendingFax.id });
    expect(await jobRow(job.id)).toMatchObject({ forceResign: false, stageId: STAGES.pendingFax.id });
    expect(await voids(job.id)).toEqual([]);
  }, 120_000);
});
