import { STAGES } from '@quill/core';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audioFiles, auditLog, documentVersions, jobs, workTypeTemplates } from '../../db/schema/index.js';
import { saveRecognitionDraft } from '../../services/transcribe/saveRecognitionDraft.js';
import { toneWav } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import { buildUser } from '../../testing/factories.js';
import { editorSuite, jobDataBody } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';

type Section = {
  key: string;
  title: string;
  blocks: { kind: string; runs?: { text: string; recognized?: boolean }[] }[];
};

describe.each(databaseTargets())('Transcribe (issue 27) on $name', (target) => {
  const s = editorSuite(target);
  const db = () => s.t.ctx.database.db;

  /** An audio-only job at Dictated, linked to the ADT patient, dictated by Dr House, no signature yet. */
  async function audioJob() {
    const job = await s.w.makeJob({ stageId: STAGES.dictated.id, signed: false, documentType: null }, null);
    const blob = await s.t.ctx.blobs.putContent(toneWav(1), { prefix: 'audio', extension: 'wav' });
    await db()
      .insert(audioFiles)
      .values({ jobId: job.id, codec: 'wav', mimeType: 'audio/wav', ...blob_(blob) });
    return job;
  }
  const blob_ = (b: { key: string; size: number }) => ({ blobKey: b.key, size: b.size });
  const stored = async (jobId: number) => (await db().select().from(jobs).where(eq(jobs.id, jobId)))[0]!;
  const versions = (jobId: number) =>
    db()
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.jobId, jobId))
      .orderBy(asc(documentVersions.id));
  const cdaOf = async (jobId: number) => {
    const res = await s.ed.get(`/api/job/getcda?jobId=${jobId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      version: number;
      draft: string | null;
      model: { header: Record<string, unknown>; sections: Section[] };
    };
  };
  const useTemplate = async () => {
    await db().delete(workTypeTemplates).where(eq(workTypeTemplates.workTypeId, s.w.wt.id));
    await db()
      .insert(workTypeTemplates)
      .values({
        corporateStructureId: s.w.north.structure.id,
        workTypeId: s.w.wt.id,
        documentCode: '34117-2',
        documentTitle: 'History and Physical',
        sections: [
          { code: '10164-2', title: 'HISTORY OF PRESENT ILLNESS', text: '' },
          { code: '29545-1', title: 'PHYSICAL EXAM', text: 'General: alert.' },
        ],
      });
  };

  it('makes a CDA from the work type template with the ADT patient and the dictator; saving it makes the first version and moves the stage', async () => {
    await useTemplate();
    const job = await audioJob();
    const res = await s.ed.post('/api/job/transcribe', { jobId: job.id });
    expect(res.statusCode, res.body).toBe(200);
    const { bookingCookie, draft } = res.json();
    expect(draft).toBe('template');
    const audited = await db().select().from(auditLog).where(eq(auditLog.jobId, job.id));
    expect(audited.map((r) => [r.action, r.outcome, r.detail])).toContainEqual([
      'job.transcribe',
      'success',
      { draft: 'template', stored: true },
    ]);
    expect(await stored(job.id)).toMatchObject({ stageId: STAGES.editor.id, version: 1 });

    const cda = await cdaOf(job.id);
    expect(cda.draft).toBe('template');
    expect(cda.model.header).toMatchObject({
      title: 'History and Physical',
      patientName: 'Adam Everyman',
      mrn: s.w.patient.mrn,
    });
    expect(String(cda.model.header.author)).toContain('House');
    expect(cda.model.sections.map((x) => x.title)).toEqual(['HISTORY OF PRESENT ILLNESS', 'PHYSICAL EXAM']);
    expect(cda.model.sections[1]!.blocks[0]!.runs![0]!.text).toBe('General: alert.');
    // The draft is not the job's document: nothing to download yet.
    expect((await s.ed.get(`/api/file/download/${job.id}.pdf`)).statusCode).toBe(404);

    const data = jobDataBody((await s.ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    const typed = 'Three days of cough and fever.';
    const save = await s.ed.post('/api/job/savejob', {
      jobId: job.id,
      version: cda.version,
      bookingCookie,
      saveMode: 1,
      setJobDataRequest: data,
      cda: {
        sections: [
          { key: cda.model.sections[0]!.key, blocks: [{ kind: 'paragraph', runs: [{ text: typed }] }] },
        ],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    // Not signed yet, no rule triggers: on to e-signature.
    expect(save.json()).toMatchObject({ stageId: STAGES.eSignature.id, flags: [] });
    const rows = await versions(job.id);
    expect(rows.filter((v) => !v.isDraft)).toHaveLength(1);
    expect(rows.map((v) => [v.source, v.isDraft])).toEqual([
      ['template', true],
      ['save', false],
    ]);
    expect(rows[1]!.typedChars).toBe(typed.length);
    const after = await stored(job.id);
    expect(after).toMatchObject({
      documentType: 'CDA',
      transcribedByAccountId: s.w.editors[0]!.accounts[0]!.id,
    });
    for (const at of [after.transcriptionStartedAt, after.firstTextAt, after.finishedAt])
      expect(at).toBeInstanceOf(Date);
    expect(after.distributedAt).toBeNull();
    expect((await cdaOf(job.id)).draft).toBeNull();

    // The document renders: the PDF names the patient and carries the typed text; the RTF too.
    const pdf = await s.ed.get(`/api/file/download/${job.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Everyman');
    expect(text).toContain(typed);
    const rtf = await s.ed.get(`/api/file/download/${job.id}.rtf`);
    expect(rtf.statusCode).toBe(200);
    expect(rtf.body).toContain('Three days of cough and fever.');

    // Now it has text: Transcribe answers 409 and changes nothing.
    const again = await s.ed.post('/api/job/transcribe', { jobId: job.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `Job ${job.id} already has a document; open it to edit its text.`,
    );
    expect(await versions(job.id)).toHaveLength(2);
  });

  it('answers 409 on a job with text, 409 without audio, 403 without the edit-text permission, 404 for another company', async () => {
    const withText = await s.w.makeJob();
    expect((await s.ed.post('/api/job/transcribe', { jobId: withText.id })).statusCode).toBe(409);
    const silent = await s.w.makeJob({ stageId: STAGES.dictated.id, documentType: null }, null);
    const noAudio = await s.ed.post('/api/job/transcribe', { jobId: silent.id });
    expect(noAudio.statusCode).toBe(409);
    expect(noAudio.json().error.message).toBe(`Job ${silent.id} has no dictation audio to transcribe.`);

    const job = await audioJob();
    const u = await buildUser(s.t.ctx, {
      accounts: [{ companyId: s.w.north.structure.id, permissions: ['jobView', 'jobEdit'] }],
    });
    const reader = new TestBrowser(s.t.app);
    await reader.signInAs(u.user.username, u.password, u.accounts[0]!.id);
    expect((await reader.post('/api/job/transcribe', { jobId: job.id })).statusCode).toBe(403);
    const o = await buildUser(s.t.ctx, { accounts: [{ companyId: s.w.south.structure.id }] });
    const outsider = new TestBrowser(s.t.app);
    await outsider.signInAs(o.user.username, o.password, o.accounts[0]!.id);
    expect((await outsider.post('/api/job/transcribe', { jobId: job.id })).statusCode).toBe(404);
    // Each refusal is audited with what the caller is never told.
    const outcomes = await db()
      .select({ action: auditLog.action, outcome: auditLog.outcome, accountId: auditLog.accountId })
      .from(auditLog)
      .where(eq(auditLog.jobId, job.id))
      .orderBy(asc(auditLog.id));
    expect(outcomes).toEqual([
      { action: expect.any(String), outcome: 'denied', accountId: u.accounts[0]!.id },
      { action: expect.any(String), outcome: 'notFound', accountId: o.accounts[0]!.id },
    ]);
    // Nothing was stored or booked by the refusals.
    expect(await versions(job.id)).toHaveLength(0);
    expect(await stored(job.id)).toMatchObject({ stageId: STAGES.dictated.id });
  });

  it('opens the speech recognizer’s draft, its words marked and put in the sections they name', async () => {
    await useTemplate();
    const job = await audioJob();
    const said = 'the patient is here for follow up\nphysical exam lungs are clear';
    expect(await saveRecognitionDraft(s.t.ctx, job.id, said)).toBe('stored');
    expect(await saveRecognitionDraft(s.t.ctx, job.id, 'again')).toBe('skipped');
    const res = await s.ed.post('/api/job/transcribe', { jobId: job.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().draft).toBe('asr');
    const cda = await cdaOf(job.id);
    expect(cda.draft).toBe('asr');
    const [hpi, exam] = cda.model.sections;
    expect(hpi!.blocks).toEqual([
      { kind: 'paragraph', runs: [{ text: 'the patient is here for follow up', recognized: true }] },
    ]);
    expect(exam!.blocks.map((b) => b.runs)).toEqual([
      [{ text: 'General: alert.' }],
      [{ text: 'lungs are clear', recognized: true }],
    ]);
    expect((await versions(job.id)).map((v) => [v.source, v.isDraft])).toEqual([['asr', true]]);

    // Correcting a recognized paragraph makes it the transcriptionist's; the unedited one stays marked.
    const data = jobDataBody((await s.ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
    const save = await s.ed.post('/api/job/savejob', {
      jobId: job.id,
      version: cda.version,
      bookingCookie: res.json().bookingCookie,
      saveMode: 0,
      setJobDataRequest: data,
      cda: {
        sections: [
          {
            key: hpi!.key,
            blocks: [{ kind: 'paragraph', runs: [{ text: 'The patient is here for follow-up.' }] }],
          },
        ],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const saved = (await versions(job.id)).find((v) => !v.isDraft)!;
    const xml = (await s.t.ctx.blobs.get(saved.blobKey)).toString('utf8');
    expect(xml).toContain('<paragraph>The patient is here for follow-up.</paragraph>');
    expect(xml).toContain('<content styleCode="xRecognized">lungs are clear</content>');
    expect(xml.match(/xRecognized/g)).toHaveLength(1);
    const reopened = await cdaOf(job.id);
    expect(reopened.draft).toBeNull();
    expect(reopened.model.sections[1]!.blocks[1]!.runs).toEqual([
      { text: 'lungs are clear', recognized: true },
    ]);
    // A job with a document gets no draft from the recognizer.
    const withText = await s.w.makeJob({ stageId: STAGES.dictated.id });
    expect(await saveRecognitionDraft(s.t.ctx, withText.id, said)).toBe('skipped');
    expect(
      await db()
        .select()
        .from(documentVersions)
        .where(and(eq(documentVersions.jobId, withText.id), eq(documentVersions.isDraft, true))),
    ).toHaveLength(0);
  });
});
