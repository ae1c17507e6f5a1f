import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { message, SAVE_MODES, STAGES } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, jobs } from '../../db/schema/index.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { CDA_FIXTURE_DIR, replaceableWhole } from '../../testing/documents/cdaFixtures.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import { buildSignature } from '../../testing/factories.js';
import { editorSuite, jobDataBody } from '../../testing/jobEditorTestKit.js';

/**
 * Issue 39 row 2: a signed text is never changed silently. A change to the narrative of a job with
 * a signed date — savejob with text edits, saveCDA, an import — sets force re-sign, sends the job
 * to ES, and its PDF stops printing the old signature; a save of the job data alone does not.
 */
describe.each(databaseTargets())('editing a signed text on $name', (target) => {
  const s = editorSuite(target);
  const signedAt = new Date('2026-10-06T01:00:00Z');
  // The PDF's signature line (issue 43): Quill's own signature record, never the CDA's.
  const SIGNED_LINE = /Electronically signed by .* on \d\d\/\d\d\/\d{4}/;

  const stored = async (jobId: number) =>
    (await s.t.ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
  const pdf = async (jobId: number) => {
    const res = await s.ed.get(`/api/file/download/${jobId}.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    return pdfText(res.rawPayload);
  };
  const book = async (jobId: number) => {
    const res = await s.ed.post('/api/job/bookoutjob', { jobId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().bookingCookie as string;
  };
  const textEdit = async (jobId: number, text: string) => {
    const { model } = (await s.ed.get(`/api/job/getcda?jobId=${jobId}`)).json();
    const key = model.sections.find(replaceableWhole).key as string;
    return { sections: [{ key, blocks: [{ kind: 'paragraph', runs: [{ text }] }] }] };
  };
  const voids = async (jobId: number) =>
    s.t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, jobId), eq(auditLog.action, 'job.signature.void')));
  /** A signed job waiting in Manual Distribution (on the pending list), as in the issue. */
  const signedJob = async (values: Parameters<typeof s.w.makeJob>[0] = {}) => {
    const job = await s.w.makeJob({
      stageId: STAGES.manualDistribution.id,
      signedAt,
      onManualList: true,
      ...values,
    });
    const accountId = s.w.editors[0]!.accounts[0]!.id;
    await buildSignature(s.t.ctx, { jobId: job.id, physicianId: s.w.docs[0]!.id, accountId, signedAt });
    return job;
  };

  it('savejob move on with a text edit: force re-sign, ES, off the manual list, the PDF without the old signature, audited', async () => {
    const job = await signedJob();
    const before = await pdf(job.id);
    expect(before).toMatch(SIGNED_LINE);
    const cookie = await book(job.id);
    const data = jobDataBody((await s.ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    expect(data.forceResign).toBe(false);
    const res = await s.ed.post('/api/job/savejob', {
      jobId: job.id,
      version: 1,
      bookingCookie: cookie,
      saveMode: SAVE_MODES.moveOn,
      setJobDataRequest: data,
      cda: await textEdit(job.id, 'Plan changed after signing.'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stageId: STAGES.eSignature.id, stageName: 'ES' });
    expect(await stored(job.id)).toMatchObject({
      forceResign: true,
      stageId: STAGES.eSignature.id,
      onManualList: false,
    });
    const after = await pdf(job.id);
    expect(after).toContain('Plan changed after signing.');
    expect(after).not.toMatch(SIGNED_LINE);
    expect(after).not.toContain('Signed by');
    expect(after.replace(/\s+/g, ' ')).toContain(
      `Signature ${message('documents.render.resignPending')}`.replace(/\s+/g, ' ').slice(0, 40),
    );
    const [audit] = await voids(job.id);
    expect(audit?.detail).toMatchObject({
      signedAt: signedAt.toISOString(),
      fromStageId: STAGES.manualDistribution.id,
      stageId: STAGES.eSignature.id,
    });
    const details = (await s.ed.get(`/api/job/GetJobDetails?jobId=${job.id}`)).json();
    expect(details).toMatchObject({ forceResign: true, stageId: STAGES.eSignature.id });
    // The first PDF starts the document threads: slow on a loaded machine.
  }, 180_000);

  it('saveCDA keeps the booking but the job now returns to ES; the PDF drops the signature at once', async () => {
    const job = await signedJob();
    const cookie = await book(job.id);
    const res = await s.ed.post('/api/job/saveCDA', {
      jobId: job.id,
      version: 1,
      bookingCookie: cookie,
      cda: await textEdit(job.id, 'Corrected dose.'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stageId: STAGES.editor.id });
    expect(await stored(job.id)).toMatchObject({ forceResign: true });
    expect(await pdf(job.id)).not.toMatch(SIGNED_LINE);
    const cancel = await s.ed.post(`/api/job/cancelbooking?jobId=${job.id}&bookingCookie=${cookie}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stored(job.id)).toMatchObject({ stageId: STAGES.eSignature.id, forceResign: true });
    expect(await voids(job.id)).toHaveLength(1);
  });

  it('a save of the job data alone keeps the signature: no re-sign, distribution, the PDF still signed', async () => {
    const job = await signedJob();
    const cookie = await book(job.id);
    const data = jobDataBody((await s.ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    const res = await s.ed.post('/api/job/savejob', {
      jobId: job.id,
      version: 1,
      bookingCookie: cookie,
      saveMode: SAVE_MODES.moveOn,
      setJobDataRequest: { ...data, stat: 'U' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The world's one addressee is faxed: Pending Fax, not ES.
    expect(await stored(job.id)).toMatchObject({
      forceResign: false,
      stageId: STAGES.pendingFax.id,
      stat: 'U',
    });
    expect(await pdf(job.id)).toMatch(SIGNED_LINE);
    expect(await voids(job.id)).toEqual([]);
  });

  it('importDocument of a new text into a signed job waiting for distribution: re-sign and ES; the same text again changes nothing more', async () => {
    const job = await signedJob({ stageId: STAGES.pendingFax.id, onManualList: false });
    const upload = async (fixture: string) => {
      const bytes = await readFile(join(CDA_FIXTURE_DIR, fixture));
      // The fixture's record number is not the job's (issue 40): the import is confirmed.
      const fields = { source: 'engine', confirmPatientReason: 'Test fixture' };
      const body = multipartBody(fields, [{ filename: fixture, bytes }]);
      const res = await s.ed.post(`/api/job/importDocument/${job.id}`, body.payload, {
        headers: body.headers,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    // The job's own text again: not a change of the signed text.
    await upload('Progress_Note.xml');
    expect(await stored(job.id)).toMatchObject({ forceResign: false, stageId: STAGES.pendingFax.id });
    await upload('Consultation_Note.xml');
    expect(await stored(job.id)).toMatchObject({ forceResign: true, stageId: STAGES.eSignature.id });
    expect(await pdf(job.id)).not.toMatch(SIGNED_LINE);
    const [audit] = await voids(job.id);
    expect(audit?.detail).toMatchObject({ via: 'import', fromStageId: STAGES.pendingFax.id });
  });
});
