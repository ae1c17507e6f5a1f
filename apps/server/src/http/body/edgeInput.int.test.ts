import { message } from '@quill/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../testing/databases.js';
import { buildEditorWorld, jobDataBody } from '../../testing/jobEditorTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const NUL = 'Smith\u0000';
const TOO_BIG = 2147483648;

/**
 * Issue 23, the probe's 14 routes that answered 500: a NUL byte in a string, an id of 2³¹ or more,
 * and `jobId=1e3` / `jobId=0x10` read as 1000 and 16. Each now answers 400 with a message that
 * names the field; and the inputs that do not pass through a schema (cookies, the attachments
 * service's credential, the WOPI host's file id and headers, Range) answer 4xx too.
 */
describe.each(databaseTargets())('bad input at the edge on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildEditorWorld>>;
  let ed: TestBrowser;
  let jobId: number;
  let cookie: string;
  let data: Record<string, unknown> & { jobId: number };

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildEditorWorld(t.ctx);
    ed = await w.browser(t.app, 0);
    jobId = (await w.makeJob()).id;
    cookie = (await ed.post('/api/job/bookoutjob', { jobId })).json().bookingCookie;
    data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${jobId}`)).json());
  }, 60_000);
  afterAll(async () => t?.close());

  const refused = (res: LightMyRequestResponse, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain(field);
  };

  it('refuses a NUL byte in the user name, the searches and the job note', async () => {
    refused(
      await new TestBrowser(t.app, '10.0.0.9').post('/api/account/login', { username: NUL, password: 'x' }),
      'username contains a control character',
    );
    const cs = w.north.structure.id;
    refused(await ed.get(`/api/jobs/Dictators?csid=${cs}&q=${encodeURIComponent(NUL)}`), 'q contains');
    refused(await ed.get(`/api/jobs/SearchPhysicians?cfId=${w.cf.id}&q=Smith%00`), 'q contains');
    refused(await ed.post(`/api/company/searchbynameorid/Smith%00`), 'text contains');
    refused(
      await ed.post('/api/job/setjobdata', { bookingCookie: cookie, jobData: { ...data, jobNote: NUL } }),
      'jobNote contains a control character',
    );
  });

  it('keeps the line breaks and tabs of a job note', async () => {
    const res = await ed.post('/api/job/setjobdata', {
      bookingCookie: cookie,
      jobData: { ...data, jobNote: 'Line one\r\n\tLine two' },
    });
    expect(res.statusCode, res.body).toBe(200);
    data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${jobId}`)).json());
    expect(data.jobNote).toBe('Line one\r\n\tLine two');
  });

  /** A JSON body whose `MARK` string is replaced by raw bytes (not valid UTF-8 on their own). */
  const rawJson = (body: unknown, bytes: number[]) => {
    const [before, after] = JSON.stringify(body).split('MARK') as [string, string];
    return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
  };
  const json = { 'content-type': 'application/json' };

  it('refuses a JSON body that is not UTF-8 (issue 41), storing nothing', async () => {
    // The probe's department "\xff\xfe(", a lone continuation byte, an overlong "/" and a UTF-16 surrogate.
    const bads = [[0xff, 0xfe, 0x28], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80]];
    for (const bad of bads) {
      const note = await ed.post(
        '/api/job/setjobdata',
        rawJson({ bookingCookie: cookie, jobData: { ...data, jobNote: 'Dept MARK' } }, bad),
        { headers: json },
      );
      expect(note.statusCode, note.body).toBe(400);
      expect(note.json().error.message).toBe(message('api.badUtf8'));
      const login = await new TestBrowser(t.app, '10.0.0.41').post(
        '/api/account/login',
        rawJson({ username: 'MARK', password: 'x' }, bad),
        { headers: json },
      );
      expect(login.json().error.message).toBe(message('api.badUtf8'));
      const department = await ed.post(
        `/api/reference/${w.cf.id}/departments`,
        rawJson({ name: 'MARK(' }, bad),
        { headers: json },
      );
      expect(department.json().error.message).toBe(message('api.badUtf8'));
    }
    const stored = (await ed.get(`/api/job/getjobdata?jobId=${jobId}`)).json();
    expect(stored.jobNote ?? '').not.toContain('\uFFFD');
    // Text beyond ASCII, well encoded, is kept as sent.
    const ok = await ed.post(
      '/api/job/setjobdata',
      rawJson({ bookingCookie: cookie, jobData: { ...data, jobNote: 'MARK' } }, [
        ...Buffer.from('Zoë — 東京 🩺'),
      ]),
      { headers: json },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await ed.get(`/api/job/getjobdata?jobId=${jobId}`)).json().jobNote).toBe('Zoë — 東京 🩺');
    data = jobDataBody((await ed.get(`/api/job/getjobdata?jobId=${jobId}`)).json());
  });

  it('refuses ids of 2³¹ and more', async () => {
    const atMost = (field: string) => `${field} must be at most 2147483647`;
    refused(await ed.post(`/api/Account/SetUserSummary/${TOO_BIG}`), atMost('memberId'));
    refused(
      await ed.get(`/api/job/GetClientFacilityWorktypes?ClientFacilityId=${TOO_BIG}`),
      atMost('ClientFacilityId'),
    );
    refused(await ed.get(`/api/jobs/SearchPhysicians?memberId=${TOO_BIG}`), atMost('memberId'));
    refused(await ed.get(`/api/jobs/GetPhysician?userId=${TOO_BIG}`), atMost('userId'));
    refused(
      await ed.post('/api/jobs/Fax', {
        jobIds: [jobId],
        recipients: [
          { id: TOO_BIG, name: 'Dr X', faxNumber: '201 555 0101', recipientType: 'Custom', faxFlag: true },
        ],
      }),
      atMost('recipient id'),
    );
    refused(
      await ed.post('/api/job/setjobdata', {
        bookingCookie: cookie,
        jobData: { ...data, dictator: TOO_BIG },
      }),
      atMost('dictator'),
    );
    refused(
      await ed.post('/api/job/savejob', {
        jobId,
        version: 1,
        bookingCookie: cookie,
        saveMode: 0,
        setJobDataRequest: { ...data, workTypeId: TOO_BIG },
      }),
      atMost('workTypeId'),
    );
    refused(await ed.post('/api/job/RefreshJobData', { ...data, location: TOO_BIG }), atMost('location'));
    refused(await ed.post('/api/job/RunHoldQueueCheck', { jobId: TOO_BIG }), atMost('jobId'));
  });

  it('reads ids in decimal digits only: 1e3 and 0x10 are not 1000 and 16', async () => {
    for (const id of ['1e3', '0x10', '1.0', '+5', ' 7'])
      refused(
        await ed.get(`/api/job/GetJobDetails?jobId=${encodeURIComponent(id)}`),
        'jobId must be a whole number',
      );
    refused(await ed.get(`/api/file/downloadrtf?jobIds=${jobId},1e3`), 'Each job id must be a whole number');
    refused(
      await ed.get(`/api/jobs/getcounts?corpId=${w.north.structure.id}&cfs=0x10`),
      'Each client facility id',
    );
    expect((await ed.get(`/api/job/GetJobDetails?jobId=${jobId}`)).statusCode).toBe(200);
  });

  it('answers 4xx for the inputs outside the schemas: cookies, credentials, WOPI file ids and headers, Range', async () => {
    const get = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url, headers });
    // A session cookie or CSRF token holding NUL, overlong or malformed percent-encoding.
    for (const session of ['%00', '%ED%A0%80', 'x'.repeat(10_000), '%'])
      expect((await get('/api/jobs/getusercs', { cookie: `quill_session=${session}` })).statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/job/RunHoldQueueCheck`,
      headers: { cookie: 'XSRF-TOKEN=%00', 'x-xsrf-token': '%00', 'content-type': 'application/json' },
      payload: JSON.stringify({ jobId }),
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    // The attachments service's basic credential: NUL, a huge id, no colon.
    for (const credential of ['\u0000:\u0000', '2147483648:secret', 'no-colon', `${'x'.repeat(250)}:y`]) {
      const res = await get(
        `/Attachments/v1/Company/${w.cf.id}?AfterDateUtc=2026-01-01T00:00:00Z&BeforeInclusiveDateUtc=2026-01-02T00:00:00Z`,
        {
          authorization: `Basic ${Buffer.from(credential).toString('base64')}`,
        },
      );
      expect(res.statusCode, credential).toBe(401);
    }
    refused(
      await get(`/Attachments/v1/Company/${TOO_BIG}?AfterDateUtc=x&BeforeInclusiveDateUtc=y`, {}),
      'clientFacilityId must be at most 2147483647',
    );
    // WOPI: a file id that is no job (huge, NUL), a token holding NUL, lock and size headers out of range.
    for (const fileId of ['99999999999999999999', '2147483648', '%00'])
      expect((await get(`/wopi/files/${fileId}?access_token=x`, {})).statusCode).toBeGreaterThanOrEqual(400);
    expect((await get('/wopi/files/1?access_token=%00', {})).statusCode).toBe(400);
    const lock = await t.app.inject({
      method: 'POST',
      url: '/wopi/files/1?access_token=nope',
      headers: { 'x-wopi-override': 'LOCK', 'x-wopi-lock': `\u00ff${'l'.repeat(2000)}` },
    });
    expect(lock.statusCode).toBeLessThan(500);
    // A Range header the audio stream cannot satisfy, or cannot read.
    for (const range of ['bytes=99999999999999999999-', 'bytes=-0', 'bytes=5-1', 'bits=0-1', 'bytes=0-1,2-3'])
      expect((await ed.get(`/api/Audio/wav?jobId=${jobId}`, { range })).statusCode, range).toBeLessThan(500);
  });
});
