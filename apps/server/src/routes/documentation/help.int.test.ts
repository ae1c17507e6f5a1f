import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

describe.each(databaseTargets())('Help on $name', (target) => {
  describe('without DOCUMENTATION_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target);
    });
    afterAll(async () => t?.close());

    it("links Help to Quill's own user guide, which the server serves as a page", async () => {
      await buildUser(t.ctx, { username: 'hana' });
      const b = new TestBrowser(t.app);
      await b.signIn('hana', 'secret-password');
      expect((await b.get('/api/documentation/link')).json()).toEqual({ url: '/help' });
      const page = await t.app.inject({ method: 'GET', url: '/help' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<title>Quill user guide - Quill</title>');
      expect(page.body).toContain('<h2 id="the-job-list">The job list</h2>');
      expect(page.body).toContain('<h2 id="job-search">Job Search</h2>');
    });
  });

  describe('with DOCUMENTATION_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target, { DOCUMENTATION_URL: 'https://docs.example.org/quill' });
    });
    afterAll(async () => t?.close());

    it('links Help to it', async () => {
      await buildUser(t.ctx, { username: 'hana' });
      const b = new TestBrowser(t.app);
      await b.signIn('hana', 'secret-password');
      expect((await b.get('/api/documentation/link')).json()).toEqual({
        url: 'https://docs.example.org/quill',
      });
    });
  });
});
