import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, sessions } from '../../db/schema/index.js';
import { disableUser } from '../../services/users/manageUsers.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('sign-in, accounts and sessions on $name', (target) => {
  let t: TestApp;
  let people: {
    alice: Awaited<ReturnType<typeof buildUser>>;
    bob: Awaited<ReturnType<typeof buildUser>>;
    carol: Awaited<ReturnType<typeof buildUser>>;
  };
  let csA: number;
  let csB: number;

  beforeAll(async () => {
    t = await createTestApp(target);
    csA = (await buildStructure(t.ctx, { name: 'North' })).structure.id;
    csB = (await buildStructure(t.ctx, { name: 'South' })).structure.id;
    people = {
      alice: await buildUser(t.ctx, {
        username: 'alice',
        accounts: [
          { companyId: csA, memberType: 3, access: [csA, csB] },
          { companyId: csB, memberType: 2, permissions: ['jobView', 'jobEdit'] },
        ],
      }),
      bob: await buildUser(t.ctx, {
        username: 'bob',
        accounts: [{ companyId: csB, memberType: 1, permissions: ['jobView'] }],
      }),
      carol: await buildUser(t.ctx, { username: 'carol' }),
    };
  });
  afterAll(async () => t?.close());

  const audits = async (action: string) =>
    t.ctx.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  it('says who is not signed in, and which scheme to use', async () => {
    const b = new TestBrowser(t.app);
    const res = await b.get('/api/account/authenticated');
    expect(res.json()).toEqual({ authenticated: false, scheme: 'local' });
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.sameSite).toBe('Lax');
  });

  it('sends the local scheme to the sign-in page, keeping a safe return path; unknown schemes are 404', async () => {
    const b = new TestBrowser(t.app);
    const res = await b.get('/api/account/scheme/local?returnUrl=%2Fjobs%2F1%2Fhq');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/signin?returnUrl=%2Fjobs%2F1%2Fhq');
    const evil = await b.get('/api/account/scheme/local?returnUrl=%2F%2Fevil.example');
    expect(evil.headers.location).toBe('/signin?returnUrl=%2F');
    const unknown = await b.get('/api/account/scheme/saml');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('There is no sign-in scheme called saml.');
    const oidc = await b.get('/api/account/scheme/oidc');
    expect(oidc.statusCode).toBe(404);
    expect(oidc.json().error.message).toBe('Single sign-on (oidc) is not configured on this server.');
  });

  it('signs in with a session cookie that is HttpOnly, SameSite=Lax, and Secure only over https', async () => {
    const b = new TestBrowser(t.app);
    const res = await b.signIn('Alice', people.alice.password);
    const cookie = res.cookies.find((c) => c.name === 'quill_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored, never the id itself.
    const stored = await t.ctx.database.db.select().from(sessions);
    expect(stored.some((s) => s.idHash === cookie.value)).toBe(false);
    expect((await b.get('/api/account/authenticated')).json().authenticated).toBe(true);
  });

  it('marks the cookie Secure behind an https proxy it trusts', async () => {
    const secure = await createTestApp(target, { TRUST_PROXY: 'true' });
    try {
      await buildUser(secure.ctx, { username: 'dora' });
      const b = new TestBrowser(secure.app);
      const res = await b.post(
        '/api/account/login',
        { username: 'dora', password: 'secret-password' },
        { headers: { 'x-forwarded-proto': 'https' } },
      );
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'quill_session')!.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });

  it('refuses a POST without the X-XSRF-TOKEN header with 403 and changes nothing', async () => {
    const b = new TestBrowser(t.app);
    const res = await b.post(
      '/api/account/login',
      { username: 'alice', password: people.alice.password },
      { xsrf: false },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'csrf',
      message: 'The request is missing its security token. Reload the page and try again.',
    });
    expect(b.cookies.has('quill_session')).toBe(false);
  });

  it('rejects bad sign-in input with 400 and a message', async () => {
    const b = new TestBrowser(t.app);
    const res = await b.post('/api/account/login', { username: '', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Enter your user name');
  });

  it('answers a wrong password and an unknown user alike, and audits both', async () => {
    const b = new TestBrowser(t.app, '10.0.0.1');
    const wrong = await b.post('/api/account/login', { username: 'alice', password: 'nope' });
    const unknown = await b.post('/api/account/login', { username: 'nobody', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().error.message).toBe('The user name or password is incorrect.');
    const failures = (await audits('signin')).filter((a) => a.outcome === 'failure' && a.ip === '10.0.0.1');
    expect(failures).toHaveLength(2);
    expect(failures.find((a) => a.userId === people.alice.user.id)).toBeTruthy();
  });

  it('lists only the signed-in user’s accounts, and 401 without a session', async () => {
    const anon = new TestBrowser(t.app);
    const res401 = await anon.get('/api/Account/GetUserSummaries');
    expect(res401.statusCode).toBe(401);
    expect(res401.json().error.code).toBe('unauthenticated');

    const b = new TestBrowser(t.app);
    await b.signIn('alice', people.alice.password);
    const list = (await b.get('/api/account/getusersummaries')).json();
    expect(list).toEqual([
      {
        member: 'alice account',
        memberId: people.alice.accounts[0]!.id,
        companyId: csA,
        company: 'North',
        memberType: 3,
      },
      {
        member: 'alice account',
        memberId: people.alice.accounts[1]!.id,
        companyId: csB,
        company: 'South',
        memberType: 2,
      },
    ]);
  });

  it('selects only the user’s own account: another user’s memberId is 403 and audited', async () => {
    const b = new TestBrowser(t.app);
    await b.signIn('alice', people.alice.password);
    expect((await b.get('/api/settings/user')).statusCode).toBe(403);

    const denied = await b.post(`/api/Account/SetUserSummary/${people.bob.accounts[0]!.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('You can only select one of your own user accounts.');
    expect((await b.post('/api/Account/SetUserSummary/abc')).statusCode).toBe(400);

    // No body, but a JSON content type, as many clients send it.
    const ok = await b.post(`/api/Account/SetUserSummary/${people.alice.accounts[1]!.id}`, undefined, {
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.statusCode).toBe(200);
    const settings = (await b.get('/api/settings/user')).json();
    expect(settings).toMatchObject({
      dateFormat: 'MM/DD/YYYY',
      timeFormat: 'HH:mm',
      locale: 'en-US',
      userId: people.alice.user.id,
      permissions: ['jobEdit', 'jobView'],
    });
    // No LEGACY_BASE_URL: no legacy host (the legacy paths are this server's).
    expect(settings.fftmBaseUrl).toBe('');
    const selections = await audits('account.select');
    expect(selections.map((a) => a.outcome).sort()).toEqual(['denied', 'success']);
  });

  it('serves the application settings validated, defaults for invalid stored values', async () => {
    const b = new TestBrowser(t.app);
    await b.signIn('alice', people.alice.password);
    const { appSettings } = await import('../../db/schema/index.js');
    await t.ctx.database.db.insert(appSettings).values({
      key: 'applicationSettings',
      value: { jobCountUpdateIntervalSeconds: 5, jobListDataBatchSize: 2, jobListCountBatchSize: 3 },
    });
    const warn = vi.spyOn(t.ctx.log, 'warn');
    try {
      expect((await b.get('/api/settings/applicationSettings')).json()).toEqual({
        jobCountUpdateIntervalSeconds: 180,
        jobListDataBatchSize: 2,
        jobListCountBatchSize: 3,
      });
      // The invalid stored value is logged (spec 01 §5).
      expect(JSON.stringify(warn.mock.calls)).toContain('jobCountUpdateIntervalSeconds');
    } finally {
      warn.mockRestore();
    }
  });

  it('answers the documentation link, the legacy host and the manager tenant only', async () => {
    const b = new TestBrowser(t.app);
    await b.signIn('alice', people.alice.password);
    // No DOCUMENTATION_URL: Quill's own user guide.
    expect((await b.get('/api/documentation/link')).json()).toEqual({ url: '/help' });
    expect((await b.get('/api/settings/fftmUrl')).json().url).toMatch(/^http:\/\//);
    expect((await b.get('/api/settings/tenantUrl?tenant=MANAGER')).statusCode).toBe(200);
    expect((await b.get('/api/settings/tenantUrl?tenant=other')).statusCode).toBe(404);
    expect((await b.get('/api/settings/tenantUrl')).statusCode).toBe(400);
  });

  it('counts down on Idle, resets on Active, and expires an idle session with 401 and an audit row', async () => {
    const b = new TestBrowser(t.app);
    await b.signIn('alice', people.alice.password);
    const first = (await b.get('/api/heartbeat/Idle')).json();
    expect(first).toBeGreaterThan(230);
    expect(first).toBeLessThanOrEqual(240);
    // Pretend 100 s passed without activity.
    const session = (
      await t.ctx.database.db.select().from(sessions).where(eq(sessions.userId, people.alice.user.id))
    ).find((s) => !s.endedAt)!;
    await t.ctx.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() + 140_000) })
      .where(eq(sessions.idHash, session.idHash));
    const idle = (await b.get('/api/heartbeat/Idle')).json();
    expect(idle).toBeGreaterThan(130);
    expect(idle).toBeLessThanOrEqual(140);
    expect((await b.get('/api/heartbeat/Idle')).json()).toBeLessThanOrEqual(140);
    expect((await b.get('/api/heartbeat/Active')).json()).toBeGreaterThan(230);

    await t.ctx.database.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, session.idHash));
    const expired = await b.get('/api/heartbeat/Idle');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toEqual({
      code: 'session_expired',
      message: 'Your session has expired. Please sign in again.',
    });
    expect((await b.get('/api/Account/GetUserSummaries')).statusCode).toBe(401);
    const rows = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.expire'), eq(auditLog.userId, people.alice.user.id)));
    expect(rows).toHaveLength(1);
  });

  it('ends the session on Sign Out (a POST), answering the sign-in scheme; the old cookie is refused', async () => {
    const b = new TestBrowser(t.app);
    await b.signIn('alice', people.alice.password);
    const token = b.cookies.get('quill_session')!;
    const res = await b.post('/api/account/SignOut');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: '/api/account/scheme/local' });
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/Account/GetUserSummaries',
      cookies: { quill_session: token },
    });
    expect(replay.statusCode).toBe(401);
    expect((await audits('signout')).length).toBeGreaterThanOrEqual(1);
  });

  it('does not sign out from a link or a form on another site (issue 23)', async () => {
    const b = new TestBrowser(t.app);
    await b.signIn('alice', people.alice.password);
    // A link: a GET of the old path changes nothing.
    const link = await b.get('/api/account/SignOut');
    expect([404, 405]).toContain(link.statusCode);
    expect(link.headers['set-cookie'] ?? '').not.toContain('quill_session=;');
    // A cross-site form post carries the cookies but cannot read the XSRF-TOKEN cookie.
    const form = await b.post('/api/account/SignOut', undefined, { xsrf: false });
    expect(form.statusCode).toBe(403);
    expect((await b.get('/api/Account/GetUserSummaries')).statusCode).toBe(200);
  });

  it('lets the newest sign-in win: the older browser is told it has another active session', async () => {
    const first = new TestBrowser(t.app);
    const second = new TestBrowser(t.app);
    await first.signIn('carol', people.carol.password);
    await second.signIn('carol', people.carol.password);
    expect((await second.get('/api/Account/GetUserSummaries')).statusCode).toBe(200);
    const lost = await first.get('/api/Account/GetUserSummaries');
    expect(lost.statusCode).toBe(401);
    expect(lost.json().error).toEqual({
      code: 'session_superseded',
      message: 'You already have an active session',
    });
  });

  it('users disable ends a live session at once', async () => {
    const { user } = await buildUser(t.ctx, { username: 'erin', accounts: [{ companyId: csA }] });
    const b = new TestBrowser(t.app);
    await b.signIn('erin', 'secret-password');
    expect((await b.get('/api/Account/GetUserSummaries')).statusCode).toBe(200);
    expect(await disableUser(t.ctx, 'erin')).toBe(1);
    const res = await b.get('/api/Account/GetUserSummaries');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('user_disabled');
    const again = new TestBrowser(t.app, '10.9.9.9');
    expect(
      (await again.post('/api/account/login', { username: 'erin', password: 'secret-password' })).statusCode,
    ).toBe(401);
    expect((await audits('user.disable')).some((a) => a.userId === user.id)).toBe(true);
  });

  it("opens Quill's own page for a legacy path when no legacy host is configured", async () => {
    const b = new TestBrowser(t.app);
    const res = await b.get('/users/user.aspx?ACT=ADD');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/users/new');
  });

  it('gives a new session id at every sign-in, audits the success, and refuses the old id', async () => {
    const b = new TestBrowser(t.app, '10.2.0.1');
    await b.signIn('alice', people.alice.password);
    const first = b.cookies.get('quill_session')!;
    await b.signIn('alice', people.alice.password);
    const second = b.cookies.get('quill_session')!;
    expect(second).not.toBe(first);
    expect((await b.get('/api/Account/GetUserSummaries')).statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/Account/GetUserSummaries',
      cookies: { quill_session: first },
    });
    expect(old.statusCode).toBe(401);
    const successes = (await audits('signin')).filter(
      (a) => a.outcome === 'success' && a.ip === '10.2.0.1' && a.userId === people.alice.user.id,
    );
    expect(successes).toHaveLength(2);
  });

  it('ends a session at its absolute lifetime (12 h by default) even while it is active', async () => {
    const b = new TestBrowser(t.app);
    await b.signIn('alice', people.alice.password);
    const live = await t.ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, people.alice.user.id));
    const session = live.find((s) => !s.endedAt)!;
    expect(session.absoluteExpiresAt.getTime() - session.createdAt.getTime()).toBe(12 * 3600 * 1000);

    // Fewer seconds left before the absolute end than the idle period: both heartbeats say so.
    await t.ctx.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() + 50_000) })
      .where(eq(sessions.idHash, session.idHash));
    expect((await b.get('/api/heartbeat/Active')).json()).toBeLessThanOrEqual(50);
    expect((await b.get('/api/heartbeat/Idle')).json()).toBeLessThanOrEqual(50);

    await t.ctx.database.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, session.idHash));
    const expired = await b.get('/api/heartbeat/Active');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('session_expired');
    const rows = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.expire'), eq(auditLog.userId, people.alice.user.id)));
    expect(rows.some((r) => (r.detail as { reason?: string } | null)?.reason === 'absolute')).toBe(true);
  });
});
