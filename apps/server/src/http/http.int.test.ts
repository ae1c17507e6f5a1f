import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../testing/databases.js';
import { buildStructure, buildUser } from '../testing/factories.js';
import { TestBrowser } from '../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';

describe.each(databaseTargets())('HTTP conventions on $name', (target) => {
  let t: TestApp;
  const logLines: { level: number; msg: string }[] = [];
  const serverErrors = () => logLines.filter((l) => l.level >= 50);
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp(target, { LOG_LEVEL: 'info' }, sink);
  });
  afterAll(async () => t?.close());

  it('answers an unknown /api path with 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'There is no API call at GET /api/no/such/call.' },
    });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(serverErrors()).toEqual([]);
  });

  it('answers a malformed JSON body with 400 and a message, never a stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': 't0ken' },
      cookies: { 'XSRF-TOKEN': 't0ken' },
      payload: '{"username": "alice", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'bad_request', message: 'The request body is not valid JSON.' },
    });
    expect(res.body).not.toMatch(/at .*\.js/);
    expect(serverErrors()).toEqual([]);
    expect(logLines.some((l) => l.msg === 'request rejected')).toBe(true);
  });

  it('matches API paths case-insensitively', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/API/HealthCheck/Results' });
    expect(res.statusCode).toBe(200);
    expect(res.json().applicationName).toBe('Quill');
  });

  it('sets the security headers, and no-store on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthcheck/results' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('tells the server time of an API answer in Server-Timing, split into its phases, and of no other answer', async () => {
    const phases = (res: { headers: Record<string, unknown> }) =>
      Object.fromEntries(
        String(res.headers['server-timing'])
          .split(', ')
          .map((part) => /^(\w+);dur=(\d+(?:\.\d+)?)$/.exec(part) ?? [part, part, 'NaN'])
          .map(([, name, dur]): [string, number] => [String(name), Number(dur)]),
      );
    const health = phases(await t.app.inject({ method: 'GET', url: '/api/healthcheck/results' }));
    expect(Object.keys(health)).toEqual(['session', 'handler', 'serialize', 'app']);
    expect(health.app).toBeGreaterThan(0);
    expect(health.session! + health.handler! + health.serialize!).toBeLessThanOrEqual(health.app! + 0.3);

    const { user, accounts, password } = await buildUser(t.ctx, {
      accounts: [{ companyId: (await buildStructure(t.ctx)).structure.id, permissions: ['jobView'] }],
    });
    const browser = new TestBrowser(t.app);
    await browser.signInAs(user.username, password, accounts[0]!.id);
    const signedIn = phases(await browser.get('/api/settings/user'));
    expect(Object.keys(signedIn)).toEqual(['session', 'handler', 'serialize', 'app']);
    expect(Object.values(signedIn).every((ms) => Number.isFinite(ms) && ms >= 0)).toBe(true);

    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['server-timing']).toBeUndefined();
  });

  it('publishes an OpenAPI document generated from the zod contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const health = doc.paths['/api/healthcheck/results'].get;
    const schema = health.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(['applicationName', 'machineName', 'version', 'results']);
  });

  it('lists every call of the platform and the sign-in issues in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/healthcheck/results',
        'GET /api/account/authenticated',
        'GET /api/account/scheme/{scheme}',
        'GET /api/account/oidc/callback',
        'POST /api/account/login',
        'GET /api/Account/GetUserSummaries',
        'POST /api/Account/SetUserSummary/{memberId}',
        'POST /api/account/SignOut',
        'GET /api/settings/user',
        'GET /api/settings/fftmUrl',
        'GET /api/settings/applicationSettings',
        'GET /api/settings/tenantUrl',
        'GET /api/documentation/link',
        'GET /api/heartbeat/Idle',
        'GET /api/heartbeat/Active',
        'GET /api/Account/GetAttachmentApiCredentials',
        'GET /Attachments/v1/Company/{clientFacilityId}',
        'GET /Attachments/v1/{attachmentNonSequentialID}',
        'POST /api/attachments/import',
        'POST /api/company/searchbynameorid/{text}',
        'POST /api/schedule/validateheadings',
        'POST /api/schedule/SubmitScheduleHeadings',
        'POST /api/schedule/SubmitADTHeadings',
        'GET /api/schedule/status/{uploadId}',
      ]),
    );
  });
});
