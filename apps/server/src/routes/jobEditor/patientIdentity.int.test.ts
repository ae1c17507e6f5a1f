import { SAVE_MODES, STAGES } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, jobFlags } from '../../db/schema/index.js';
import { buildDocx } from '../../demo/files/docx.js';
import { databaseTargets } from '../../testing/databases.js';
import { replaceableWhole } from '../../testing/documents/cdaFixtures.js';
import { buildUser } from '../../testing/factories.js';
import { jobDataBody } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { storedRows, wordSuite } from '../../testing/wopiTestKit.js';

/**
 * Issue 39 row 1: the document's own patient beside the job's, and no release of a held job past a
 * failing patient-identity rule without a confirmed, audited reason. The editor world's patient is
 * Adam Everyman; Consultation_Note.xml names Eve Betterhalf (HQ05 fails), Progress_Note.xml Adam
 * Everyman.
 */
describe.each(databaseTargets())('patient identity on $name', (target) => {
  const app = wordSuite(target);
  const rows = () => storedRows(app.t.ctx);
  const db = () => app.t.ctx.database.db;

  /** A Word document whose patient table names `patient`. */
  const wordNaming = (patient: string) =>
    buildDocx([
      { text: 'Progress Note', heading: 1 },
      {
        table: {
          head: ['Patient', 'MRN', 'Date of birth', 'Sex'],
          rows: [[patient, '444-22-2222', '1954-11-25', 'Male']],
        },
      },
      { text: 'Assessment', heading: 2 },
      { text: 'Stable.' },
    ]);

  /** Everything a refused save must leave as it was. */
  const snapshot = async (jobId: number) => {
    const job = await rows().job(jobId);
    return {
      version: job.version,
      stageId: job.stageId,
      patientId: job.patientId,
      adt: job.adt,
      flags: await db().select().from(jobFlags).where(eq(jobFlags.jobId, jobId)),
      documents: (await rows().versions(jobId)).map((v) => v.id).sort(),
      booked: (await rows().booking(jobId)) !== undefined,
    };
  };

  /** Books the job; a savejob body of its stored data with one section of text replaced. */
  const bookAndEdit = async (jobId: number) => {
    const cookie = (await app.ed.post('/api/job/bookoutjob', { jobId })).json().bookingCookie as string;
    const data = jobDataBody((await app.ed.get(`/api/job/getjobdata?jobId=${jobId}`)).json());
    const { model } = (await app.ed.get(`/api/job/getcda?jobId=${jobId}`)).json();
    const key = (model.sections as { key: string; editable: boolean; blocks: unknown }[]).find(
      replaceableWhole,
    )!.key;
    const version = (await rows().job(jobId)).version;
    const cda = { sections: [{ key, blocks: [{ kind: 'paragraph', runs: [{ text: 'Reviewed.' }] }] }] };
    return { jobId, version, bookingCookie: cookie, setJobDataRequest: data, cda };
  };

  const confirmations = (jobId: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, jobId), eq(auditLog.action, 'job.identity.confirm')));

  it('GetDocumentPatient answers the CDA’s recordTarget beside the job’s patient; 404 for another company', async () => {
    const job = await app.w.makeJob({}, 'Consultation_Note.xml');
    const res = await app.ed.get(`/api/job/GetDocumentPatient?jobId=${job.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      jobId: job.id,
      documentPatient: { name: 'Eve Betterhalf', birthDate: '1975-05-01', sex: 'F' },
      jobPatient: { lastName: 'Everyman', firstName: 'Adam' },
    });
    // The record number, never the social security number.
    expect(res.json().documentPatient.mrn).not.toBe('444-22-2222');
    const o = await buildUser(app.t.ctx, {
      username: 'identity-outsider',
      accounts: [{ companyId: app.w.south.structure.id }],
    });
    const outsider = new TestBrowser(app.t.app);
    await outsider.signInAs('identity-outsider', o.password, o.accounts[0]!.id);
    expect((await outsider.get(`/api/job/GetDocumentPatient?jobId=${job.id}`)).statusCode).toBe(404);
    const read = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'job.documentPatient.read')));
    expect(read).toHaveLength(1);
  });

  it('GetDocumentPatient reads a Word document’s patient table', async () => {
    const job = await app.w.makeWordJob({}, wordNaming('Kowalski, Zachary'));
    const res = await app.ed.get(`/api/job/GetDocumentPatient?jobId=${job.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().documentPatient).toEqual({
      name: 'Kowalski, Zachary',
      mrn: '444-22-2222',
      birthDate: '1954-11-25',
      sex: 'M',
    });
  });

  it('move on from the hold queue past a failing identity rule without a confirmation: 409 naming HQ05, nothing changes', async () => {
    const job = await app.w.makeJob({}, 'Consultation_Note.xml');
    const body = await bookAndEdit(job.id);
    const before = await snapshot(job.id);
    const res = await app.ed.post('/api/job/savejob', { ...body, saveMode: SAVE_MODES.moveOn });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('identity_unconfirmed');
    expect(res.json().error.message).toContain(
      'HQ05 Patient name in the document does not match the ADT data',
    );
    expect(await snapshot(job.id)).toEqual(before);
    expect(await confirmations(job.id)).toEqual([]);
    // The booking is still live: the same save with a confirmation goes through.
    expect(before.booked).toBe(true);
  });

  it('with a confirmation and a reason the job is released, and the audit row and trail keep the rules and the reason', async () => {
    const job = await app.w.makeJob({}, 'Consultation_Note.xml');
    const body = await bookAndEdit(job.id);
    const reason = 'Called the ward: the document is this patient’s, the header has a typo';
    const res = await app.ed.post('/api/job/savejob', {
      ...body,
      saveMode: SAVE_MODES.moveOn,
      identityConfirmation: { reason: `  ${reason} ` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stageId).not.toBe(STAGES.holdQueue.id);
    expect(res.json().flags).toEqual([]);
    expect((await rows().job(job.id)).version).toBe(body.version + 1);
    const audit = await confirmations(job.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toEqual({ rules: ['HQ05'], reason });
    const trail = (await app.ed.get(`/api/job/audittrail?jobId=${job.id}`)).json();
    expect(trail.rows.map((r: { what: string }) => r.what)).toContain(
      `Released the job although its patient may not match the document (HQ05). Reason: ${reason}`,
    );
  });

  it('a confirmation’s reason must be given, on one line, within its limit (400, nothing saved)', async () => {
    const job = await app.w.makeJob({}, 'Consultation_Note.xml');
    const body = await bookAndEdit(job.id);
    const before = await snapshot(job.id);
    for (const reason of ['   ', 'line one\nline two', 'x'.repeat(501)]) {
      const res = await app.ed.post('/api/job/savejob', {
        ...body,
        saveMode: SAVE_MODES.moveOn,
        identityConfirmation: { reason },
      });
      expect(res.statusCode, `${JSON.stringify(reason.slice(0, 20))}: ${res.body}`).toBe(400);
    }
    expect(await snapshot(job.id)).toEqual(before);
  });

  it('recheck keeps a job whose identity rule fails held without asking; a matching patient moves on without a confirmation', async () => {
    const held = await app.w.makeJob({}, 'Consultation_Note.xml');
    const recheck = await app.ed.post('/api/job/savejob', {
      ...(await bookAndEdit(held.id)),
      saveMode: SAVE_MODES.recheck,
    });
    expect(recheck.statusCode, recheck.body).toBe(200);
    expect(recheck.json().stageId).toBe(STAGES.holdQueue.id);
    expect(recheck.json().flags.map((f: { code: string }) => f.code)).toContain('HQ05');

    const matching = await app.w.makeJob();
    const moveOn = await app.ed.post('/api/job/savejob', {
      ...(await bookAndEdit(matching.id)),
      saveMode: SAVE_MODES.moveOn,
    });
    expect(moveOn.statusCode, moveOn.body).toBe(200);
    expect(moveOn.json().stageId).not.toBe(STAGES.holdQueue.id);
  });

  it('a Word job: the identity rule reads the document’s patient (check and save)', async () => {
    const fired = async (jobId: number) =>
      (await app.ed.post('/api/job/RunHoldQueueCheck', { jobId })).json() as {
        ruleCode: string;
        isTriggered: boolean;
        isIdentity?: boolean;
      }[];
    const other = await app.w.makeWordJob({}, wordNaming('Kowalski, Zachary'));
    const otherRows = await fired(other.id);
    expect(otherRows.find((r) => r.ruleCode === 'HQ05')).toMatchObject({
      isTriggered: true,
      isIdentity: true,
    });
    const same = await app.w.makeWordJob({}, wordNaming('Everyman, Adam'));
    expect((await fired(same.id)).find((r) => r.ruleCode === 'HQ05')?.isTriggered).toBe(false);

    // Save and move on of the Word job: refused without a confirmation, nothing changes.
    const cookie = (await app.ed.post('/api/job/bookoutjob', { jobId: other.id })).json().bookingCookie;
    const before = await snapshot(other.id);
    const body = {
      jobId: other.id,
      version: before.version,
      bookingCookie: cookie,
      saveMode: SAVE_MODES.moveOn,
    };
    const refused = await app.ed.post('/api/job/saveWordDocument', body);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toContain('HQ05');
    expect(await snapshot(other.id)).toEqual(before);
    const confirmed = await app.ed.post('/api/job/saveWordDocument', {
      ...body,
      identityConfirmation: { reason: 'Name checked against the wristband' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await confirmations(other.id))[0]!.detail).toMatchObject({ rules: ['HQ05'] });
  });
});
