import { PERMISSIONS } from '@quill/core';
import { legacyJobDetailsPath, type NavEntry, navigationItems } from '@quill/core/rules/navigation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../testing/browser.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/** Every legacy path our own pages link to: the whole navigation of a manager, and a job id link. */
function legacyLinks(): string[] {
  const links = navigationItems(PERMISSIONS).flatMap((e: NavEntry) => (e.type === 'menu' ? e.items : [e]));
  return [
    ...links.flatMap((l) => (l.target.kind === 'legacy' ? [l.target.path] : [])),
    legacyJobDetailsPath(1234),
  ];
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
        if (path === '/job/createwithaudio') {
          // Rebuilt in Quill: the legacy path opens the Create with Audio page.
          expect(res.statusCode, path).toBe(302);
          expect(res.headers.location).toBe('/audio/create');
        } else {
          expect(res.statusCode, path).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/html/);
          expect(res.body, path).toContain('This page belongs to the legacy system');
          expect(res.body).toContain('LEGACY_BASE_URL');
        }
      }
    });

    it('tells the web app that this server is the legacy host', async () => {
      await buildUser(t.ctx, { username: 'lena' });
      const b = new TestBrowser(t.app);
      await b.signIn('lena', 'secret-password');
      expect((await b.get('/api/settings/fftmUrl', { host: 'quill.test:8080' })).json()).toEqual({
        url: 'http://quill.test:8080',
      });
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
      expect((await t.app.inject({ method: 'GET', url: '/job/search' })).statusCode).toBe(404);
    });
  });
});
