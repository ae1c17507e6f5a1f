import { message, SIGNING_REAUTH, STAGES } from '@quill/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, sessions, users } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { FakeIdentityProvider } from '../../testing/fakeIdentityProvider.js';
import type { TestBrowser } from '../../testing/processes/browser.js';
import { addSigner, signaturesOf } from '../../testing/signingTestKit.js';
import { wordSuite } from '../../testing/wopiTestKit.js';

type Signer = Awaited<ReturnType<typeof addSigner>>;

/**
 * Issue 43: a user who signs in only through OpenID Connect signs with a fresh authentication at
 * the identity provider (prompt=login, max_age=0, auth_time checked) instead of the password; one
 * fresh authentication is one signing act. Runs against the test identity provider.
 */
describe.each(databaseTargets())('signing with a fresh OIDC authentication on $name', (target) => {
  const idp = new FakeIdentityProvider('quill', 'client-secret');
  const env: Record<string, string> = {
    OIDC_CLIENT_ID: 'quill',
    OIDC_CLIENT_SECRET: 'client-secret',
    OIDC_PROVIDER_NAME: 'Hospital Login',
    PUBLIC_URL: 'http://127.0.0.1:8080',
  };
  beforeAll(async () => {
    env.OIDC_ISSUER = await idp.start();
  });
  afterAll(() => idp.stop());
  const app = wordSuite(target, { env });
  let sso: Signer;
  let withPassword: Signer;

  const db = () => app.t.ctx.database.db;
  const esJob = () => app.w.makeJob({ stageId: STAGES.eSignature.id, signed: false });
  const signWithReauth = (who: Signer, list: { id: number; version: number }[]) =>
    who.browser.post('/api/signing/sign', {
      jobs: list.map((j) => ({ jobId: j.id, version: j.version })),
      reauthenticated: true,
    });
  const reauthenticatedAt = async (who: Signer) => {
    const [row] = await db()
      .select({ at: sessions.reauthenticatedAt })
      .from(sessions)
      .where(eq(sessions.userId, who.user.id));
    return row?.at ?? null;
  };
  /** Browser → reauthenticate → the provider → the callback; answers the callback's reply. */
  async function reauth(b: TestBrowser, returnUrl = '/to-sign') {
    const start = await b.get(`/api/signing/reauthenticate?returnUrl=${encodeURIComponent(returnUrl)}`);
    expect(start.statusCode, start.body).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(idp.issuer);
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    return b.get(`${back.pathname}${back.search}`);
  }
  const signedIn = async (b: TestBrowser) => (await b.get('/api/account/authenticated')).json().authenticated;
  const reauthAudits = (who: Signer) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, who.user.id), eq(auditLog.action, 'session.reauthenticate')));

  beforeAll(async () => {
    const { w, t } = app;
    const cs = w.north.structure.id;
    sso = await addSigner(t.ctx, t.app, { companyId: cs, physicianId: w.docs[0]!.id });
    withPassword = await addSigner(t.ctx, t.app, { companyId: cs, physicianId: w.docs[0]!.id });
    // The SSO user has no password, only the identity the provider signs in as sub-sso.
    await db()
      .update(users)
      .set({ passwordHash: null, oidcSubject: `${idp.issuer}|sub-sso` })
      .where(eq(users.id, sso.user.id));
  }, 120_000);

  const asSso = () => {
    idp.person = { sub: 'sub-sso', preferred_username: sso.user.username };
    idp.authAgeSeconds = 0;
  };

  it('tells the web how each user signs, with the provider’s name', async () => {
    expect((await sso.browser.get('/api/settings/user')).json()).toMatchObject({
      signWith: 'oidc',
      signInProvider: 'Hospital Login',
    });
    expect((await withPassword.browser.get('/api/settings/user')).json()).toMatchObject({
      signWith: 'password',
    });
  });

  it('a fresh authentication signs a bulk of jobs once; the next signature needs a new one', async () => {
    asSso();
    const [a, b, c] = [await esJob(), await esJob(), await esJob()];
    const back = await reauth(sso.browser, '/to-sign/41');
    expect(idp.lastAuthorize?.get('prompt')).toBe('login');
    expect(idp.lastAuthorize?.get('max_age')).toBe('0');
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/to-sign/41?reauth=confirmed');
    expect(await reauthenticatedAt(sso)).not.toBeNull();
    expect((await reauthAudits(sso)).some((r) => r.outcome === 'success')).toBe(true);

    const res = await signWithReauth(sso, [a, b]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signed.map((s: { jobId: number }) => s.jobId)).toEqual([a.id, b.id]);
    expect(await reauthenticatedAt(sso)).toBeNull();

    const again = await signWithReauth(sso, [c]);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(
      message('signatureRules.reauthRequired', { minutes: String(SIGNING_REAUTH.freshSeconds / 60) }),
    );
    expect(await signaturesOf(app.t.ctx, c.id)).toEqual([]);
  });

  it('without a fresh authentication: 403, nothing signed, audited as a failed signature', async () => {
    const job = await esJob();
    const res = await signWithReauth(sso, [job]);
    expect(res.statusCode).toBe(403);
    expect(await signaturesOf(app.t.ctx, job.id)).toEqual([]);
    const failed = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, sso.user.id), eq(auditLog.action, 'job.sign')));
    expect(failed.some((r) => r.outcome === 'failure' && r.detail.reason === 'reauthentication')).toBe(true);
    // A password does not stand in for it: this user has none.
    const withPwd = await sso.browser.post('/api/signing/sign', {
      jobs: [{ jobId: job.id, version: job.version }],
      password: 'anything',
    });
    expect(withPwd.statusCode).toBe(403);
    expect(withPwd.json().error.message).toBe(message('signatureRules.passwordless'));
  });

  it('an authentication older than the window no longer signs', async () => {
    asSso();
    const job = await esJob();
    expect((await reauth(sso.browser)).headers.location).toBe('/to-sign?reauth=confirmed');
    await db()
      .update(sessions)
      .set({
        reauthenticatedAt: sql`now() - make_interval(secs => ${SIGNING_REAUTH.freshSeconds + 60})`,
      })
      .where(eq(sessions.userId, sso.user.id));
    expect((await signWithReauth(sso, [job])).statusCode).toBe(403);
    expect(await signaturesOf(app.t.ctx, job.id)).toEqual([]);
  });

  it('a signature that changes nothing (a job changed since read) leaves the authentication for the retry', async () => {
    asSso();
    const job = await esJob();
    await reauth(sso.browser);
    const stale = await signWithReauth(sso, [{ id: job.id, version: job.version + 1 }]);
    expect(stale.statusCode).toBe(409);
    expect(await reauthenticatedAt(sso)).not.toBeNull();
    expect((await signWithReauth(sso, [job])).statusCode).toBe(200);
    expect((await db().select().from(jobs).where(eq(jobs.id, job.id)))[0]!.signed).toBe(true);
  });

  it('another person signing in at the provider is refused: audited, the session unchanged', async () => {
    idp.person = { sub: 'sub-someone-else', preferred_username: 'someone' };
    idp.authAgeSeconds = 0;
    const back = await reauth(sso.browser, '/to-sign');
    expect(back.headers.location).toBe('/to-sign?reauth=wrongIdentity');
    expect(await reauthenticatedAt(sso)).toBeNull();
    expect(await signedIn(sso.browser)).toBe(true);
    const audits = await reauthAudits(sso);
    expect(audits.some((r) => r.outcome === 'denied' && r.detail.reason === 'identity')).toBe(true);
    const job = await esJob();
    expect((await signWithReauth(sso, [job])).statusCode).toBe(403);
  });

  it('a sign-in the provider did not make afresh (old or missing auth_time) is refused', async () => {
    asSso();
    idp.authAgeSeconds = SIGNING_REAUTH.authTimeSeconds + 60;
    expect((await reauth(sso.browser)).headers.location).toBe('/to-sign?reauth=stale');
    expect(await reauthenticatedAt(sso)).toBeNull();
    idp.authAgeSeconds = null;
    expect((await reauth(sso.browser)).headers.location).toBe('/to-sign?reauth=stale');
    expect(await reauthenticatedAt(sso)).toBeNull();
    expect((await reauthAudits(sso)).filter((r) => r.detail.reason === 'authTime')).toHaveLength(2);
  });

  it('returns only to a path of this site', async () => {
    asSso();
    expect((await reauth(sso.browser, '//evil.example/x')).headers.location).toBe('/?reauth=confirmed');
    await db().update(sessions).set({ reauthenticatedAt: null }).where(eq(sessions.userId, sso.user.id));
  });

  it('a user linked to no identity at the provider is told to sign with the password', async () => {
    const res = await withPassword.browser.get('/api/signing/reauthenticate?returnUrl=/to-sign');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(message('signatureRules.reauthNoIdentity'));
  });
});
