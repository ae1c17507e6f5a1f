import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SAVE_MODES, STAGES } from '@quill/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { multipartBody } from '../../testing/audioTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { CDA_FIXTURE_DIR } from '../../testing/documents/cdaFixtures.js';
import { jobDataBody } from '../../testing/jobEditorTestKit.js';
import {
  addSigner,
  bookOut,
  narrativeEdit,
  signatureState,
  signaturesOf,
} from '../../testing/signingTestKit.js';
import { wopiClientOf, wordAuthOf, wordDocument, wordSuite } from '../../testing/wopiTestKit.js';

type Signer = Awaited<ReturnType<typeof addSigner>>;

/**
 * Issue 43: a signed version is immutable. Every call that writes a job's data or text — savejob,
 * saveCDA, setjobdata, saveWordDocument, WOPI PutFile and the document import — either leaves the
 * signed version's bytes and its signature as they were (a change of the job data, the same text
 * again) or voids the signature: the job must be signed again, says why, and waits in ES.
 */
describe.each(databaseTargets())('a signed version cannot be changed by any call on $name', (target) => {
  const app = wordSuite(target);
  let house: Signer;

  const stored = async (id: number) =>
    (await app.t.ctx.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const state = (id: number) => signatureState(app.t.ctx, id);
  /** A job signed through the API by its dictator: Pending Fax, one live signature. */
  async function signedJob(kind: 'CDA' | 'DOCX', bytes?: Buffer) {
    const values = { stageId: STAGES.eSignature.id, signed: false };
    const job = kind === 'CDA' ? await app.w.makeJob(values) : await app.w.makeWordJob(values, bytes);
    const res = await house.browser.post('/api/signing/sign', {
      jobs: [{ jobId: job.id, version: job.version }],
      password: house.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await state(job.id)).toBe('intact');
    return job;
  }
  const book = (jobId: number) => bookOut(app.ed, jobId);
  const textEdit = (jobId: number, text: string) => narrativeEdit(app.ed, jobId, text);
  const jobData = async (jobId: number) =>
    jobDataBody((await app.ed.get(`/api/job/getjobdata?jobId=${jobId}`)).json());
  const cancel = (jobId: number, cookie: string) =>
    app.ed.post(`/api/job/cancelbooking?jobId=${jobId}&bookingCookie=${encodeURIComponent(cookie)}`);
  /** Voided: no live signature, force re-sign with its reason, and (booking released) waiting in ES. */
  const expectVoided = async (jobId: number) => {
    expect(await state(jobId)).toBe('voided');
    expect((await signaturesOf(app.t.ctx, jobId)).every((s) => s.voidedAt !== null)).toBe(true);
    expect(await stored(jobId)).toMatchObject({ stageId: STAGES.eSignature.id, forceResign: true });
  };

  beforeAll(async () => {
    house = await addSigner(app.t.ctx, app.t.app, {
      companyId: app.w.north.structure.id,
      physicianId: app.w.docs[0]!.id,
    });
  }, 120_000);

  it('savejob: the job data alone keeps the signature; a text edit voids it', async () => {
    const job = await signedJob('CDA');
    let cookie = await book(job.id);
    const dataOnly = await app.ed.post('/api/job/savejob', {
      jobId: job.id,
      version: (await stored(job.id)).version,
      bookingCookie: cookie,
      saveMode: SAVE_MODES.moveOn,
      setJobDataRequest: { ...(await jobData(job.id)), stat: 'U' },
    });
    expect(dataOnly.statusCode, dataOnly.body).toBe(200);
    expect(await state(job.id)).toBe('intact');
    expect(await stored(job.id)).toMatchObject({ stageId: STAGES.pendingFax.id, stat: 'U' });
    cookie = await book(job.id);
    const text = await app.ed.post('/api/job/savejob', {
      jobId: job.id,
      version: (await stored(job.id)).version,
      bookingCookie: cookie,
      saveMode: SAVE_MODES.moveOn,
      setJobDataRequest: await jobData(job.id),
      cda: await textEdit(job.id, 'Edited after signing.'),
    });
    expect(text.statusCode, text.body).toBe(200);
    await expectVoided(job.id);
  }, 180_000);

  it('saveCDA of a new text voids it (ES once the booking ends); setjobdata leaves it', async () => {
    const job = await signedJob('CDA');
    const cookie = await book(job.id);
    const data = await app.ed.post('/api/job/setjobdata', {
      bookingCookie: cookie,
      jobData: { ...(await jobData(job.id)), stat: 'M' },
    });
    expect(data.statusCode, data.body).toBe(200);
    expect(await state(job.id)).toBe('intact');
    const res = await app.ed.post('/api/job/saveCDA', {
      jobId: job.id,
      version: (await stored(job.id)).version,
      bookingCookie: cookie,
      cda: await textEdit(job.id, 'Corrected after signing.'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await state(job.id)).toBe('voided');
    expect((await cancel(job.id, cookie)).statusCode).toBe(200);
    await expectVoided(job.id);
  });

  it('document import: the same text keeps the signature, another text voids it', async () => {
    const job = await signedJob('CDA');
    const upload = async (fixture: string) => {
      const bytes = await readFile(join(CDA_FIXTURE_DIR, fixture));
      const fields = { source: 'engine', confirmPatientReason: 'Test fixture' };
      const body = multipartBody(fields, [{ filename: fixture, bytes }]);
      const res = await app.ed.post(`/api/job/importDocument/${job.id}`, body.payload, {
        headers: body.headers,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await upload('Progress_Note.xml');
    expect(await state(job.id)).toBe('intact');
    await upload('Consultation_Note.xml');
    await expectVoided(job.id);
  });

  it('WOPI PutFile of other bytes and saveWordDocument: voided; the same bytes again: kept', async () => {
    const original = wordDocument('signed');
    const same = await signedJob('DOCX', original);
    let cookie = await book(same.id);
    let client = wopiClientOf(app.t.app, await wordAuthOf(app.ed, same.id), 'edit');
    expect((await client.lock('S1')).statusCode).toBe(200);
    expect((await client.putFile(original, 'S1')).statusCode).toBe(200);
    expect(await state(same.id)).toBe('intact');
    expect((await client.unlock('S1')).statusCode).toBe(200);
    expect((await cancel(same.id, cookie)).statusCode).toBe(200);

    const job = await signedJob('DOCX', original);
    cookie = await book(job.id);
    const base = (await stored(job.id)).version;
    client = wopiClientOf(app.t.app, await wordAuthOf(app.ed, job.id), 'edit');
    expect((await client.lock('W1')).statusCode).toBe(200);
    expect((await client.putFile(wordDocument('changed'), 'W1')).statusCode).toBe(200);
    expect(await state(job.id)).toBe('voided');
    const res = await app.ed.post('/api/job/saveWordDocument', {
      jobId: job.id,
      version: base,
      bookingCookie: cookie,
      saveMode: SAVE_MODES.moveOn,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectVoided(job.id);
  });
});
