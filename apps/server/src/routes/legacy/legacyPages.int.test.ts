import { PERMISSIONS } from '@quill/core';
import { legacyJobDetailsPath, type NavEntry, navigationItems } from '@quill/core/rules/settings/navigation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/** Every legacy path our own pages link to: the whole navigation of a manager, and a job id link. */
function legacyLinks(): string[] {
  const links = navigationItems(PERMISSIONS).flatMap((e: NavEntry) => (e.type === 'menu' ? e.items : [e]));
  return [
    ...links.flatMap((l) => (l.target.kind === 'legacy' ? [l.target.path] : [])),
    legacyJobDetailsPath(1234),
  ];
}

/** A browser signed in with an account (the user settings need one). */
async function withAccount(t: TestApp, username: string): Promise<TestBrowser> {
  const { structure } = await buildStructure(t.ctx, { name: username });
  const u = await buildUser(t.ctx, { username, accounts: [{ companyId: structure.id }] });
  const b = new TestBrowser(t.app);
  await b.signInAs(username, u.password, u.accounts[0]!.id);
  return b;
}

describe.each(databaseTargets())('the legacy host on $name', (target) => {
  describe('when LEGACY_BASE_URL is not set, this server is the legacy host', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target);
    });
    afterAll(async () => t?.close());

    it('answers every legacy path our navigation and job list link to: no dead links', async () => {
      const paths = legacyLinks();
      expect(paths).toEqual(
        expect.arrayContaining([
          '/job/search',
          '/ambulatory/uploadadt',
          '/job/createwithaudio',
          '/users/user.aspx?ACT=ADD',
          '/users/user.aspx',
          '/users/user.aspx?ACT=MYPROFILE',
          '/search/job/jobdetails.aspx?ID=1234',
        ]),
      );
      for (const path of paths) {
        const res = await t.app.inject({ method: 'GET', url: path });
        const rebuilt: Record<string, string> = {
          '/job/createwithaudio': '/audio/create',
          '/ambulatory/uploadadt': '/patient/upload',
          '/job/search': '/search',
          '/search/job/jobdetails.aspx?ID=1234': '/job/1234',
          '/users/user.aspx?ACT=ADD': '/users/new',
          '/users/user.aspx': '/users',
          '/users/user.aspx?ACT=MYPROFILE': '/profile',
        };
        // Rebuilt in Quill: the legacy path opens Quill's own page.
        expect(res.statusCode, path).toBe(302);
        expect(res.headers.location).toBe(rebuilt[path]);
      }
    });

    it('a job details link with no usable id opens Job Search', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/search/job/jobdetails.aspx?ID=x%27' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/search');
    });

    it('tells the web app that this server is the legacy host, and that there is no other', async () => {
      await buildUser(t.ctx, { username: 'lena' });
      const b = new TestBrowser(t.app);
      await b.signIn('lena', 'secret-password');
      expect((await b.get('/api/settings/fftmUrl', { host: 'quill.test:8080' })).json()).toEqual({
        url: 'http://quill.test:8080',
      });
      // fftmBaseUrl '' (no legacy host): the web app opens Job Search and a job's id in Quill.
      expect((await (await withAccount(t, 'lara')).get('/api/settings/user')).json().fftmBaseUrl).toBe('');
    });
  });

  describe('when LEGACY_BASE_URL is set', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target, { LEGACY_BASE_URL: 'https://legacy.example.org/' });
    });
    afterAll(async () => t?.close());

    it('answers that host as fftmBaseUrl and leaves the legacy paths to it', async () => {
      await buildUser(t.ctx, { username: 'lena' });
      const b = new TestBrowser(t.app);
      await b.signIn('lena', 'secret-password');
      expect((await b.get('/api/settings/fftmUrl')).json()).toEqual({ url: 'https://legacy.example.org' });
      expect((await (await withAccount(t, 'lara')).get('/api/settings/user')).json().fftmBaseUrl).toBe(
        'https://legacy.example.org',
      );
      expect((await t.app.inject({ method: 'GET', url: '/job/search' })).statusCode).toBe(404);
    });
  });
});
