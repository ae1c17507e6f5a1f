import { type AttachmentApiCredentials, message } from '@quill/core';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentCredentials, sessions } from '../../db/schema/index.js';
import {
  addAttachment,
  basic,
  buildAttachmentWorld,
  credentialsOf,
  daysAgo,
  searchUrl,
} from '../../testing/attachmentTestKit.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

/** The attachments service's credential: issued to a session's account, dying with it (issue 22). */
describe.each(databaseTargets())('attachments credentials on $name', (target) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof buildAttachmentWorld>>;
  let creds: AttachmentApiCredentials;
  let cf: number;
  const ids: Record<string, string> = {};
  const get = (url: string, c: Pick<AttachmentApiCredentials, 'credentials'> = creds) =>
    t.app.inject({ method: 'GET', url, headers: basic(c) });

  beforeAll(async () => {
    t = await createTestApp(target);
    w = await buildAttachmentWorld(t);
    cf = w.north.facilities[0]!.id;
    ids.today = await addAttachment(t.ctx, cf, daysAgo(0.01));
    creds = await credentialsOf(w.north1.browser);
  });
  afterAll(async () => t?.close());

  describe('GetAttachmentApiCredentials', () => {
    it('answers this server as the host and a basic credential that expires in minutes', async () => {
      expect(creds.host).toBe('http://localhost:80');
      expect(Buffer.from(creds.credentials, 'base64').toString()).toMatch(/^attachments:[A-Za-z0-9_-]{43}$/);
      const left = new Date(creds.expiresAt).getTime() - Date.now();
      expect(left).toBeGreaterThan(200_000);
      expect(left).toBeLessThanOrEqual(300_000);
      const again = await credentialsOf(w.north1.browser);
      expect(again.credentials).not.toBe(creds.credentials);
    });

    it('stores only a hash of the secret, bound to the session and account', async () => {
      const secret = Buffer.from(creds.credentials, 'base64').toString().split(':')[1]!;
      const rows = await t.ctx.database.db.select().from(attachmentCredentials);
      expect(JSON.stringify(rows)).not.toContain(secret);
      expect(rows.every((r) => r.accountId > 0 && r.sessionIdHash.length === 64)).toBe(true);
    });

    it('needs a signed-in account that may see patient data (403 with jobView alone)', async () => {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/Account/GetAttachmentApiCredentials' })).statusCode,
      ).toBe(401);
      const denied = await w.noPatientData.browser.get('/api/Account/GetAttachmentApiCredentials');
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.message).toBe(message('attachments.noPermission'));
    });

    it('names ATTACHMENTS_BASE_URL as the host (CSP connect-src) and answers CORS for ATTACHMENTS_CORS_ORIGINS', async () => {
      const other = await createTestApp(target, {
        ATTACHMENTS_BASE_URL: 'https://attachments.example.org/',
        ATTACHMENTS_CORS_ORIGINS: 'https://quill.example.org, https://quill2.example.org/',
      });
      try {
        const ww = await buildAttachmentWorld(other);
        const c = await credentialsOf(ww.north1.browser);
        expect(c.host).toBe('https://attachments.example.org');
        const res = await ww.north1.browser.get('/api/Account/GetAttachmentApiCredentials');
        expect(res.headers['content-security-policy']).toContain(
          "connect-src 'self' https://attachments.example.org",
        );
        const url = searchUrl(ww.north.facilities[0]!.id, 7);
        const preflight = await other.app.inject({
          method: 'OPTIONS',
          url,
          headers: { origin: 'https://quill.example.org', 'access-control-request-method': 'GET' },
        });
        expect(preflight.statusCode).toBe(204);
        expect(preflight.headers['access-control-allow-origin']).toBe('https://quill.example.org');
        expect(preflight.headers['access-control-allow-headers']).toBe('Authorization');
        const from = (origin: string) =>
          other.app.inject({ method: 'GET', url, headers: { ...basic(c), origin } });
        const cross = await from('https://quill2.example.org');
        expect(cross.statusCode).toBe(200);
        expect(cross.headers['access-control-allow-origin']).toBe('https://quill2.example.org');
        expect(cross.headers['access-control-expose-headers']).toContain('Content-Disposition');
        const stranger = await from('https://evil.example.org');
        expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await other.close();
      }
    });
  });

  describe('the credential', () => {
    it('is the only proof: no header, a wrong secret or the session cookie alone answer 401', async () => {
      const none = await t.app.inject({ method: 'GET', url: searchUrl(cf, 7) });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBeUndefined();
      expect(none.json().error.code).toBe('attachment_credential_missing');
      const wrong = await get(searchUrl(cf, 7), {
        credentials: Buffer.from(`attachments:${'x'.repeat(43)}`).toString('base64'),
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.code).toBe('attachment_credential_invalid');
      expect((await w.north1.browser.get(searchUrl(cf, 7))).statusCode).toBe(401);
      expect(
        (await get(`/Attachments/v1/${ids.today}`, { credentials: 'not base64 at all!' })).statusCode,
      ).toBe(401);
    });

    it('stops working when it expires (401)', async () => {
      const c = await credentialsOf(w.north1.browser);
      expect((await get(searchUrl(cf, 7), c)).statusCode).toBe(200);
      await t.ctx.database.db
        .update(attachmentCredentials)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(attachmentCredentials.accountId, w.north1.account.id));
      const res = await get(searchUrl(cf, 7), c);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(message('attachments.credentialInvalid'));
      expect((await get(`/Attachments/v1/${ids.today}`, c)).statusCode).toBe(401);
    });

    it('dies with its session at sign-out (401)', async () => {
      const u = await w.signedIn(w.north.structure.id);
      const c = await credentialsOf(u.browser);
      expect((await get(`/Attachments/v1/${ids.today}`, c)).statusCode).toBe(200);
      expect((await u.browser.post('/api/account/SignOut')).statusCode).toBe(200);
      expect((await get(`/Attachments/v1/${ids.today}`, c)).statusCode).toBe(401);
      expect((await get(searchUrl(cf, 7), c)).statusCode).toBe(401);
    });

    it('dies when its session expires, or works as another account (401)', async () => {
      const u = await w.signedIn(w.north.structure.id);
      const c = await credentialsOf(u.browser);
      await t.ctx.database.db
        .update(sessions)
        .set({ idleExpiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(sessions.userId, u.user.id), isNull(sessions.endedAt)));
      expect((await get(searchUrl(cf, 7), c)).statusCode).toBe(401);
      const [ended] = await t.ctx.database.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
      expect(ended!.endReason).toBe('expired');

      const two = await buildUser(t.ctx, {
        accounts: [{ companyId: w.north.structure.id }, { companyId: w.north.structure.id }],
      });
      const b = new TestBrowser(t.app);
      await b.signInAs(two.user.username, two.password, two.accounts[0]!.id);
      const first = await credentialsOf(b);
      expect((await get(searchUrl(cf, 7), first)).statusCode).toBe(200);
      await b.post(`/api/Account/SetUserSummary/${two.accounts[1]!.id}`);
      expect((await get(searchUrl(cf, 7), first)).statusCode).toBe(401);
      expect((await get(searchUrl(cf, 7), await credentialsOf(b))).statusCode).toBe(200);
    });

    it('reads the account’s permissions at each use: taken away, the credential gives 403', async () => {
      const u = await w.signedIn(w.north.structure.id, ['jobView', 'adtView']);
      const c = await credentialsOf(u.browser);
      expect((await get(searchUrl(cf, 7), c)).statusCode).toBe(200);
      const { accountPermissions } = await import('../../db/schema/index.js');
      await t.ctx.database.db
        .delete(accountPermissions)
        .where(
          and(eq(accountPermissions.accountId, u.account.id), eq(accountPermissions.permission, 'adtView')),
        );
      expect((await get(searchUrl(cf, 7), c)).statusCode).toBe(403);
    });
  });
});
