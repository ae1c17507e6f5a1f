import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../testing/databases.js';
import { buildUser } from '../testing/factories.js';
import { TestBrowser } from '../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../testing/testContext.js';

/** Issue 23, row 8: HSTS over https, and Secure cookies forced on in production. */
describe.each(databaseTargets())('transport security on $name', (target) => {
  const apps: Record<string, TestApp> = {};
  beforeAll(async () => {
    const settings: Record<string, Record<string, string>> = {
      behindProxy: { TRUST_PROXY: '1' },
      direct: {},
      production: { NODE_ENV: 'production' },
      productionOverHttp: { NODE_ENV: 'production', SESSION_COOKIE_SECURE: 'false' },
    };
    for (const [name, env] of Object.entries(settings)) {
      apps[name] = await createTestApp(target, env);
      await buildUser(apps[name].ctx, { username: 'alice' });
    }
  });
  afterAll(async () => {
    for (const t of Object.values(apps)) await t.close();
  });

  const signIn = async (name: string, headers: Record<string, string> = {}) => {
    const b = new TestBrowser(apps[name]!.app);
    await b.get('/api/account/authenticated', headers);
    const res = await b.post(
      '/api/account/login',
      { username: 'alice', password: 'secret-password' },
      { headers },
    );
    expect(res.statusCode).toBe(200);
    return res;
  };
  const secureOf = (res: Awaited<ReturnType<typeof signIn>>, cookie: string) =>
    Boolean(res.cookies.find((c) => c.name === cookie)?.secure);

  it('sends Strict-Transport-Security over https through a trusted proxy, not over http', async () => {
    const https = await apps.behindProxy!.app.inject({
      method: 'GET',
      url: '/api/account/authenticated',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await apps.behindProxy!.app.inject({ method: 'GET', url: '/api/account/authenticated' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('believes no X-Forwarded-Proto without TRUST_PROXY: neither HSTS nor Secure cookies', async () => {
    const forged = { 'x-forwarded-proto': 'https' };
    const res = await apps.direct!.app.inject({
      method: 'GET',
      url: '/api/account/authenticated',
      headers: forged,
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(secureOf(await signIn('direct', forged), 'quill_session')).toBe(false);
  });

  it('marks the session and CSRF cookies Secure in production, even over http', async () => {
    const b = new TestBrowser(apps.production!.app);
    const first = await b.get('/api/account/authenticated');
    expect(first.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
    const res = await b.post('/api/account/login', { username: 'alice', password: 'secret-password' });
    expect(res.cookies.find((c) => c.name === 'quill_session')?.secure).toBe(true);
  });

  it('leaves the cookies without Secure over http when SESSION_COOKIE_SECURE is false', async () => {
    expect(secureOf(await signIn('productionOverHttp'), 'quill_session')).toBe(false);
    expect(secureOf(await signIn('behindProxy', { 'x-forwarded-proto': 'https' }), 'quill_session')).toBe(
      true,
    );
  });
});
