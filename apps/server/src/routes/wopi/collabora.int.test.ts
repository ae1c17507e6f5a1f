import { SAVE_MODES } from '@quill/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentVersions } from '../../db/schema/index.js';
import { blocksText } from '../../documents/cda/narrative.js';
import { readDocx } from '../../documents/docx/readDocx.js';
import { databaseTargets } from '../../testing/databases.js';
import { wordAuthOf, wordDocument, wordSuite } from '../../testing/wopiTestKit.js';

/** What Collabora Online sends with every WOPI call (wsd/wopi/WopiStorage.cpp): no cookies. */
const COOL_HEADERS = {
  'user-agent': 'COOLWSD HTTP Agent 24.04.5.2',
  'x-cool-wopi-serverid': 'c0ffee42',
  // Proof headers are sent by Collabora; this host does not check them (docs/wopi.md).
  'x-wopi-proof': 'cHJvb2Y=',
  'x-wopi-timestamp': '638677000000000000',
};

/**
 * A test that drives the host the way Collabora Online does (issue 22 acceptance): the frame's
 * form carries the token to Collabora, which calls CheckFileInfo (reading BaseFileName, Size,
 * UserId, UserCanWrite, Version, LastModifiedTime …), GetFile, Lock, PutFile with X-WOPI-Lock and
 * its timestamp, RefreshLock and Unlock — all server to server with the access_token in the query.
 */
describe.each(databaseTargets())('Collabora Online as the WOPI client on $name', (target) => {
  const app = wordSuite(target, { discoveryFixture: 'collabora-discovery.xml' });

  it('opens, edits, autosaves and saves a Word job; a copy that changed in storage is refused with COOLStatusCode 1010', async () => {
    const job = await app.w.makeWordJob({}, wordDocument('stable'));
    const cookie = (await app.ed.post('/api/job/bookoutjob', { jobId: job.id })).json().bookingCookie;
    const auth = await wordAuthOf(app.ed, job.id);
    // The browser posts access_token and access_token_ttl to Collabora's cool.html with WOPISrc.
    const frame = new URL(auth.editUrl!);
    expect(`${frame.origin}${frame.pathname}`).toBe('https://office.example.org/browser/0b27e85/cool.html');
    const wopiSrc = new URL(frame.searchParams.get('WOPISrc')!);
    const at = (suffix = '') => `${wopiSrc.pathname}${suffix}?access_token=${auth.accessToken}`;
    const call = (
      method: 'GET' | 'POST',
      url: string,
      headers: Record<string, string> = {},
      payload?: Buffer,
    ) =>
      app.t.app.inject({
        method,
        url,
        headers: { ...COOL_HEADERS, ...headers },
        ...(payload ? { payload } : {}),
      });

    const info = await call('GET', at());
    expect(info.statusCode, info.body).toBe(200);
    const fileInfo = info.json();
    expect(fileInfo.BaseFileName).not.toContain('/');
    expect(typeof fileInfo.Size).toBe('number');
    expect(typeof fileInfo.UserId).toBe('string');
    expect(fileInfo.UserCanWrite).toBe(true);
    expect(typeof fileInfo.Version).toBe('string');
    expect(fileInfo).toMatchObject({ OwnerId: expect.any(String), UserFriendlyName: expect.any(String) });
    expect(fileInfo).toMatchObject({
      SupportsLocks: true,
      PostMessageOrigin: 'http://localhost',
      IsAdminUser: false,
    });
    expect(fileInfo).toMatchObject({ HidePrintOption: true, HideExportOption: true, DisableExport: true });

    const got = await call('GET', at('/contents'));
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.length).toBe(fileInfo.Size);

    const lock = 'cool-lock-5f0e2c1a-8b7d-4e55-9c1a-3f2b6d7e8a90';
    const locked = await call('POST', at(), {
      'x-wopi-override': 'LOCK',
      'x-wopi-lock': lock,
      'content-length': '0',
    });
    expect(locked.statusCode).toBe(200);

    const put = (bytes: Buffer, timestamp: string, autosave: boolean) =>
      call(
        'POST',
        at('/contents'),
        {
          'x-wopi-override': 'PUT',
          'x-wopi-lock': lock,
          'x-cool-wopi-ismodifiedbyuser': 'true',
          'x-cool-wopi-isautosave': String(autosave),
          'x-cool-wopi-isexitsave': 'false',
          'x-cool-wopi-timestamp': timestamp,
          'content-type': 'application/octet-stream',
        },
        bytes,
      );
    const autosaved = await put(wordDocument('improving'), fileInfo.LastModifiedTime, true);
    expect(autosaved.statusCode, autosaved.body).toBe(200);
    const lastModified = autosaved.json().LastModifiedTime as string;
    expect(lastModified).not.toBe(fileInfo.LastModifiedTime);
    // Collabora sends back the time the previous PutFile answered.
    const saved = await put(wordDocument('much improved'), lastModified, false);
    expect(saved.statusCode, saved.body).toBe(200);
    // A save based on the first copy: the document changed in storage since.
    const stale = await put(wordDocument('stale copy'), fileInfo.LastModifiedTime, false);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ COOLStatusCode: 1010, LOOLStatusCode: 1010 });

    expect(
      (await call('POST', at(), { 'x-wopi-override': 'REFRESH_LOCK', 'x-wopi-lock': lock })).statusCode,
    ).toBe(200);
    expect((await call('POST', at(), { 'x-wopi-override': 'UNLOCK', 'x-wopi-lock': lock })).statusCode).toBe(
      200,
    );

    const versions = await app.t.ctx.database.db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.jobId, job.id));
    expect(versions.map((v) => v.source)).toEqual(['import', 'wopi', 'wopi']);
    const latest = await call('GET', at('/contents'));
    expect(blocksText(await readDocx(latest.rawPayload))).toContain(
      'The patient is much improved and comfortable.',
    );

    // The host page's Save: Action_Save answered, then saveWordDocument with the chosen mode.
    const done = await app.ed.post('/api/job/saveWordDocument', {
      jobId: job.id,
      version: auth.version,
      bookingCookie: cookie,
      saveMode: SAVE_MODES.moveOn,
    });
    expect(done.statusCode, done.body).toBe(200);
    // Collabora's exit save after the booking was released: refused, nothing stored.
    const exit = await put(wordDocument('after'), saved.json().LastModifiedTime, false);
    expect(exit.statusCode).toBe(409);
    expect(exit.headers['x-wopi-lock']).toBe('');
    expect(exit.headers['x-wopi-lockfailurereason']).toBe(
      `Job ${job.id} is not booked out to you: choose Edit in Quill first.`,
    );
  });
});
