import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, jobs, wopiTokens } from '../../db/schema/index.js';
import { blocksText } from '../../documents/cda/narrative.js';
import { findSoffice } from '../../documents/docx/docxToPdf.js';
import { readDocx } from '../../documents/docx/readDocx.js';
import { hashSessionToken } from '../../services/auth/sessionToken.js';
import { databaseTargets } from '../../testing/databases.js';
import { pdfText } from '../../testing/documents/pdfText.js';
import { jobDataBody } from '../../testing/jobEditorTestKit.js';
import {
  storedRows,
  type WopiTestClient,
  wopiClientOf,
  wordAuthOf,
  wordDocument,
  wordSuite,
} from '../../testing/wopiTestKit.js';

/**
 * Quill's WOPI host (issue 22): the CheckFileInfo / GetFile / Lock / PutFile / Unlock sequence with
 * an edit token stores a new document version as a save does; every refusal stores nothing.
 */
describe.each(databaseTargets())('the WOPI host on $name', (target) => {
  const app = wordSuite(target);

  const db = () => app.t.ctx.database.db;
  const versionsOf = (jobId: number) => storedRows(app.t.ctx).versions(jobId);
  const jobRow = (jobId: number) => storedRows(app.t.ctx).job(jobId);
  /** Books the job out as the editor and answers a WOPI client with the edit token. */
  const editClient = async (jobId: number, browser = app.ed) => {
    const booked = await browser.post('/api/job/bookoutjob', { jobId });
    expect(booked.statusCode, booked.body).toBe(200);
    const auth = await wordAuthOf(browser, jobId);
    expect(auth.editUrl).not.toBeNull();
    return {
      client: wopiClientOf(app.t.app, auth, 'edit'),
      cookie: booked.json().bookingCookie as string,
      auth,
    };
  };
  const textOf = async (bytes: Buffer) => blocksText(await readDocx(bytes));

  it('CheckFileInfo, GetFile, Lock, PutFile, Unlock: a new version of the job, read back, audited', async () => {
    const original = wordDocument('stable');
    const job = await app.w.makeWordJob({}, original);
    const { client } = await editClient(job.id);

    const info = await client.checkFileInfo();
    expect(info.statusCode, info.body).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    expect(info.json()).toMatchObject({
      BaseFileName: `job-${job.id}.docx`,
      Size: original.length,
      Version: '1',
      UserCanWrite: true,
      ReadOnly: false,
      SupportsLocks: true,
      SupportsGetLock: true,
      SupportsExtendedLockLength: true,
      SupportsUpdate: true,
      UserCanNotWriteRelative: true,
      PostMessageOrigin: 'http://localhost',
    });
    expect(new Date(info.json().LastModifiedTime).toISOString()).toBe(info.json().LastModifiedTime);

    const file = await client.getFile();
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['x-wopi-itemversion']).toBe('1');
    expect(file.rawPayload.equals(original)).toBe(true);

    const locked = await client.lock('L1');
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.headers['x-wopi-itemversion']).toBe('1');
    expect(locked.headers['x-wopi-lock']).toBeUndefined();
    expect((await client.getLock()).headers['x-wopi-lock']).toBe('L1');

    const put = await client.putFile(wordDocument('improving'), 'L1');
    expect(put.statusCode, put.body).toBe(200);
    expect(put.headers['x-wopi-itemversion']).toBe('2');
    expect(put.headers['x-wopi-lock']).toBeUndefined();
    expect(new Date(put.json().LastModifiedTime).getTime()).toBeGreaterThan(0);

    const unlocked = await client.unlock('L1');
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.headers['x-wopi-itemversion']).toBe('2');
    expect((await client.getLock()).headers['x-wopi-lock']).toBe('');

    const versions = await versionsOf(job.id);
    expect(versions.map((v) => [v.version, v.format, v.source, v.isDraft])).toEqual([
      [1, 'DOCX', 'import', false],
      [2, 'DOCX', 'wopi', false],
    ]);
    expect(await jobRow(job.id)).toMatchObject({ version: 2, documentType: 'DOCX', edited: true });
    const again = await client.getFile();
    expect(again.headers['x-wopi-itemversion']).toBe('2');
    expect(await textOf(again.rawPayload)).toContain('The patient is improving and comfortable.');
    expect((await client.checkFileInfo()).json()).toMatchObject({
      Version: '2',
      Size: again.rawPayload.length,
    });
    // Unlock clears the lock; the booking stays until the editor's Save or Cancel.
    expect((await db().select().from(bookings).where(eq(bookings.jobId, job.id)))[0]).toMatchObject({
      wopiLock: null,
      wordBaseVersion: 1,
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'job.text.save')));
    expect(audit.map((a) => a.detail)).toEqual([
      expect.objectContaining({ version: 2, format: 'DOCX', via: 'wopi', document: 'new' }),
    ]);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.jobId, job.id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['job.word.auth', 'wopi.getfile', 'wopi.lock', 'wopi.unlock']),
    );
  });

  it('renders the saved version: the print preview PDF has the changed word', async () => {
    const soffice =
      'LibreOffice renders Word documents: apt-get install libreoffice-writer-nogui (.ci/run does)';
    expect(findSoffice(), soffice).not.toBeNull();
    const job = await app.w.makeWordJob({}, wordDocument('stable'));
    const { client } = await editClient(job.id);
    expect((await client.lock('L1')).statusCode).toBe(200);
    expect((await client.putFile(wordDocument('recovering'), 'L1')).statusCode).toBe(200);
    const pdf = await app.ed.get(`/api/file/download/${job.id}.pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('recovering');
    expect(text).not.toContain('stable');
  }, 120_000);

  describe('PutFile refusals store nothing', () => {
    let job: Awaited<ReturnType<typeof app.w.makeWordJob>>;
    let client: WopiTestClient;
    const unchanged = async () => {
      expect((await versionsOf(job.id)).length).toBe(1);
      expect((await jobRow(job.id)).version).toBe(1);
    };

    beforeAll(async () => {
      job = await app.w.makeWordJob();
      ({ client } = await editClient(job.id));
    });

    it('without the lock: 409 with X-WOPI-Lock empty (the file is unlocked, and never 0 bytes)', async () => {
      const res = await client.putFile(wordDocument('x'), null);
      expect(res.statusCode).toBe(409);
      expect(res.headers['x-wopi-lock']).toBe('');
      expect(res.headers['x-wopi-lockfailurereason']).toBe(`The document of job ${job.id} is not locked.`);
      await unchanged();
    });

    it('with another lock: 409 with the current lock', async () => {
      expect((await client.lock('L1')).statusCode).toBe(200);
      for (const lock of ['L2', null]) {
        const res = await client.putFile(wordDocument('x'), lock);
        expect(res.statusCode).toBe(409);
        expect(res.headers['x-wopi-lock']).toBe('L1');
      }
      await unchanged();
    });

    it('not a Word document, an empty or a too large body: 400 / 413, never 500', async () => {
      const bad: [Buffer, number][] = [
        [Buffer.from('plain text, not a zip'), 400],
        [Buffer.alloc(0), 400],
        [Buffer.concat([wordDocument('x').subarray(0, 200), Buffer.alloc(50)]), 400],
        [Buffer.alloc(20 * 1024 * 1024 + 1, 1), 413],
      ];
      for (const [bytes, status] of bad) {
        const res = await client.putFile(bytes, 'L1');
        expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
        expect(res.json().error.message).toBeTruthy();
      }
      await unchanged();
    });

    it('PUT_RELATIVE and other overrides: 501; no override: 400', async () => {
      for (const override of ['PUT_RELATIVE', 'RENAME_FILE', 'PUT_USER_INFO']) {
        const res = await client.operation(override);
        expect(res.statusCode).toBe(501);
        expect(res.json().error.code).toBe('not_implemented');
      }
      const putRelative = await app.t.app.inject({
        method: 'POST',
        url: `${client.filePath}/contents?access_token=${client.token}`,
        headers: { 'x-wopi-override': 'PUT_RELATIVE' },
        payload: wordDocument('x'),
      });
      expect(putRelative.statusCode).toBe(501);
      expect((await client.operation('')).statusCode).toBe(400);
      await unchanged();
    });

    it('when the job moved past the version the client holds: 409 stale, with Collabora’s code', async () => {
      // The editor's own data save (setjobdata) moves the job to version 2; the frame's token holds 1.
      const jobData = jobDataBody((await app.ed.get(`/api/job/getjobdata?jobId=${job.id}`)).json());
      const cookie = (await app.ed.post('/api/job/bookoutjob', { jobId: job.id })).json().bookingCookie;
      const saved = await app.ed.post('/api/job/setjobdata', { bookingCookie: cookie, jobData });
      expect(saved.statusCode, saved.body).toBe(200);
      // A new booking starts unlocked: lock again with the old token, then PutFile is stale.
      expect((await client.lock('L1')).statusCode).toBe(200);
      const res = await client.putFile(wordDocument('x'), 'L1');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'stale_version' }, COOLStatusCode: 1010 });
      expect((await versionsOf(job.id)).length).toBe(1);
      expect((await jobRow(job.id)).version).toBe(2);
      // A token that read the document since holds version 2 and may write.
      const fresh = wopiClientOf(app.t.app, await wordAuthOf(app.ed, job.id), 'edit');
      expect((await fresh.getFile()).statusCode).toBe(200);
      expect((await fresh.putFile(wordDocument('fresh'), 'L1')).statusCode).toBe(200);
      expect((await jobRow(job.id)).version).toBe(3);
    });
  });

  it('a view token reads but cannot Lock or PutFile (401)', async () => {
    const job = await app.w.makeWordJob();
    const auth = await wordAuthOf(app.ed, job.id);
    expect(auth.editUrl).toBeNull();
    const viewer = wopiClientOf(app.t.app, auth, 'view');
    expect((await viewer.checkFileInfo()).json()).toMatchObject({ UserCanWrite: false, ReadOnly: true });
    expect((await viewer.getFile()).statusCode).toBe(200);
    expect((await viewer.getLock()).statusCode).toBe(200);
    // Booked now, but the token was issued as a view token.
    await app.ed.post('/api/job/bookoutjob', { jobId: job.id });
    for (const res of [
      await viewer.lock('V1'),
      await viewer.refreshLock('V1'),
      await viewer.unlock('V1'),
      await viewer.putFile(wordDocument('x'), 'V1'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('wopi_view_only');
    }
    expect((await versionsOf(job.id)).length).toBe(1);
  });

  describe('tokens and files', () => {
    let job: Awaited<ReturnType<typeof app.w.makeWordJob>>;
    let client: WopiTestClient;
    beforeAll(async () => {
      job = await app.w.makeWordJob();
      ({ client } = await editClient(job.id));
    });

    it('a wrong, malformed or missing token: 401 on every call', async () => {
      for (const token of ['A'.repeat(43), 'short', '']) {
        const wrong = new (client.constructor as typeof WopiTestClient)(app.t.app, client.filePath, token);
        for (const res of [
          await wrong.checkFileInfo(),
          await wrong.getFile(),
          await wrong.lock('L1'),
          await wrong.putFile(wordDocument('x'), 'L1'),
        ]) {
          expect(res.statusCode).toBe(401);
          expect(res.headers['www-authenticate']).toBeUndefined();
        }
      }
      const none = await app.t.app.inject({ method: 'GET', url: client.filePath });
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('wopi_token_missing');
    });

    it('stores only the token’s hash, for its job, account and session', async () => {
      const rows = await db().select().from(wopiTokens).where(eq(wopiTokens.jobId, job.id));
      expect(JSON.stringify(rows)).not.toContain(client.token);
      expect(rows.every((r) => r.idHash.length === 64 && r.sessionIdHash.length === 64)).toBe(true);
    });

    it('a token for another job, an unknown file id and another tenant’s job: 404', async () => {
      const other = await app.w.makeWordJob();
      const south = await app.w.makeWordJob();
      await db()
        .update(jobs)
        .set({ corporateStructureId: app.w.south.structure.id })
        .where(eq(jobs.id, south.id));
      for (const fileId of [String(other.id), String(south.id), 'abc', '0', '99999999']) {
        const wrongFile = new (client.constructor as typeof WopiTestClient)(
          app.t.app,
          `/wopi/files/${fileId}`,
          client.token,
        );
        expect((await wrongFile.checkFileInfo()).statusCode).toBe(404);
        expect((await wrongFile.getFile()).statusCode).toBe(404);
      }
      const audited = await db()
        .select({ action: auditLog.action, outcome: auditLog.outcome })
        .from(auditLog)
        .where(eq(auditLog.jobId, south.id));
      expect(audited).toEqual([
        { action: 'wopi.checkFileInfo', outcome: 'notFound' },
        { action: 'wopi.getFile', outcome: 'notFound' },
      ]); // issue 23: refused WOPI calls are audited too
      // The job is moved to another tenant after the token was issued.
      await db()
        .update(jobs)
        .set({ corporateStructureId: app.w.south.structure.id })
        .where(eq(jobs.id, other.id));
      const gone = await app.ed.get(`/api/jobs/getwordauth?jobId=${other.id}`);
      expect(gone.statusCode).toBe(404);
    });

    it('an expired token: 401', async () => {
      const auth = await wordAuthOf(app.ed, job.id);
      const left = auth.accessTokenTtl - Date.now();
      expect(left).toBeGreaterThan(590_000);
      expect(left).toBeLessThanOrEqual(600_000);
      const expiring = wopiClientOf(app.t.app, auth, 'edit');
      expect((await expiring.checkFileInfo()).statusCode).toBe(200);
      await db()
        .update(wopiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(wopiTokens.idHash, hashSessionToken(auth.accessToken)));
      expect((await expiring.checkFileInfo()).statusCode).toBe(401);
      expect((await expiring.putFile(wordDocument('x'), 'L1')).statusCode).toBe(401);
    });

    it('GetFile honours X-WOPI-MaxExpectedSize (412) and the host sets no cookie', async () => {
      const size = (await client.checkFileInfo()).json().Size as number;
      const small = await client.getFile({ 'x-wopi-maxexpectedsize': String(size - 1) });
      expect(small.statusCode).toBe(412);
      expect((await client.getFile({ 'x-wopi-maxexpectedsize': String(size) })).statusCode).toBe(200);
      expect((await client.getFile({ 'x-wopi-maxexpectedsize': 'lots' })).statusCode).toBe(400);
      expect(small.headers['set-cookie']).toBeUndefined();
    });

    it('useless after sign-out', async () => {
      const second = await app.w.browser(app.t.app, 1);
      const auth = await wordAuthOf(second, job.id);
      const viewer = wopiClientOf(app.t.app, auth, 'view');
      expect((await viewer.checkFileInfo()).statusCode).toBe(200);
      expect((await second.post('/api/account/SignOut')).statusCode).toBe(200);
      expect((await viewer.checkFileInfo()).statusCode).toBe(401);
      expect((await viewer.getFile()).statusCode).toBe(401);
    });
  });
});
