import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema/index.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { FakeIdentityProvider } from '../../testing/fakeIdentityProvider.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const [pglite] = databaseTargets();

describe('single sign-on through OpenID Connect (authorization code + PKCE)', () => {
  const idp = new FakeIdentityProvider('quill', 'client-secret');
  let t: TestApp;

  beforeAll(async () => {
    const issuer = await idp.start();
    t = await createTestApp(pglite!, {
      AUTH_SCHEME: 'oidc',
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'quill',
      OIDC_CLIENT_SECRET: 'client-secret',
      PUBLIC_URL: 'http://127.0.0.1:8080',
    });
    const cs = await buildStructure(t.ctx);
    await buildUser(t.ctx, { username: 'alice', accounts: [{ companyId: cs.structure.id }] });
  });
  afterAll(async () => {
    await t?.close();
    await idp.stop();
  });

  /** Runs the browser through scheme → identity provider → callback; answers the callback reply. */
  async function signInThroughProvider(b: TestBrowser, returnUrl = '/jobs') {
    const start = await b.get(`/api/account/scheme/oidc?returnUrl=${encodeURIComponent(returnUrl)}`);
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://127.0.0.1:8080/api/account/oidc/callback',
    );
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    return b.get(`${back.pathname}${back.search}`);
  }

  it('tells the browser to use the oidc scheme', async () => {
    expect((await new TestBrowser(t.app).get('/api/account/authenticated')).json()).toEqual({
      authenticated: false,
      scheme: 'oidc',
    });
  });

  it('signs a known user in, links the identity, and returns to where they were', async () => {
    const b = new TestBrowser(t.app);
    const done = await signInThroughProvider(b, '/jobs/1/pending');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/jobs/1/pending');
    expect((await b.get('/api/account/authenticated')).json().authenticated).toBe(true);
    const [alice] = await t.ctx.database.db.select().from(users).where(eq(users.username, 'alice'));
    expect(alice!.oidcSubject).toBe(`${idp.issuer}|sub-1`);
    const audits = await t.ctx.database.db.select().from(auditLog).where(eq(auditLog.userId, alice!.id));
    expect(
      audits.some((a) => a.action === 'signin' && a.outcome === 'success' && a.detail.method === 'oidc'),
    ).toBe(true);
  });

  it('refuses an identity no Quill user matches, with a message', async () => {
    idp.person = { sub: 'sub-2', preferred_username: 'stranger' };
    const b = new TestBrowser(t.app);
    const done = await signInThroughProvider(b);
    expect(done.statusCode).toBe(403);
    expect(done.json().error.message).toBe(
      'No Quill user matches this single sign-on identity. Please contact your System Administrator.',
    );
    expect(b.cookies.has('quill_session')).toBe(false);
  });

  it('refuses a callback whose state does not match the browser’s flow', async () => {
    idp.person = { sub: 'sub-1', preferred_username: 'alice' };
    const b = new TestBrowser(t.app);
    const start = await b.get('/api/account/scheme/oidc');
    const authorize = new URL(start.headers.location as string);
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    back.searchParams.set('state', 'forged');
    const done = await b.get(`${back.pathname}${back.search}`);
    expect(done.statusCode).toBe(401);
    expect(b.cookies.has('quill_session')).toBe(false);
  });

  it('answers a callback without a flow cookie with a clear 400', async () => {
    const res = await new TestBrowser(t.app).get('/api/account/oidc/callback?code=x&state=y');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The single sign-on request has expired. Please sign in again.');
  });
});
