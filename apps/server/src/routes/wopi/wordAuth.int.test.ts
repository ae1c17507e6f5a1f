import { PERMISSIONS } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, jobs } from '../../db/schema/index.js';
import { forgetDiscovery } from '../../services/wopi/wopiDiscovery.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import type { FakeDiscovery } from '../../testing/wopiFixtures.js';
import { wopiClientOf, wordAuthOf, wordSuite } from '../../testing/wopiTestKit.js';

const without = (...left: string[]) => PERMISSIONS.filter((p) => !left.includes(p));

/** GET /api/jobs/getwordauth (spec 01 §7, spec 02 §6–§7, issue 22). */
describe.each(databaseTargets())('getwordauth on $name', (target) => {
  const app = wordSuite(target);
  let other: TestBrowser;
  const as = async (permissions: string[]) => {
    const u = await buildUser(app.t.ctx, {
      username: `limited-${Math.random().toString(36).slice(2, 8)}`,
      accounts: [{ companyId: app.w.north.structure.id, permissions }],
    });
    const b = new TestBrowser(app.t.app);
    await b.signInAs(u.user.username, u.password, u.accounts[0]!.id);
    return b;
  };

  beforeAll(async () => {
    other = await app.w.browser(app.t.app, 1);
  });

  it('answers a token, its lifetime and the viewing address of Quill’s own client page; editing needs a booking', async () => {
    const job = await app.w.makeWordJob();
    const auth = await wordAuthOf(app.ed, job.id);
    const src = encodeURIComponent(`http://localhost:80/wopi/files/${job.id}`);
    expect(auth).toMatchObject({
      editUrl: null,
      viewUrl: `http://localhost:80/wopi-client/docx?mode=view&WOPISrc=${src}`,
      version: 1,
    });
    expect(auth.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.accessTokenTtl - Date.now()).toBeGreaterThan(590_000);

    await app.ed.post('/api/job/bookoutjob', { jobId: job.id });
    const booked = await wordAuthOf(app.ed, job.id);
    expect(booked.editUrl).toBe(`http://localhost:80/wopi-client/docx?mode=edit&WOPISrc=${src}`);
    expect(booked.viewUrl).toBe(auth.viewUrl);
    expect(booked.accessToken).not.toBe(auth.accessToken);
    expect((await wopiClientOf(app.t.app, booked, 'edit').checkFileInfo()).json().UserCanWrite).toBe(true);
    // The job view in view mode asks for a viewing token, booked or not.
    const viewing = await app.ed.get(`/api/jobs/getwordauth?jobId=${job.id}&mode=view`);
    expect(viewing.json().editUrl).toBeNull();
    expect((await wopiClientOf(app.t.app, viewing.json(), 'view').checkFileInfo()).json().UserCanWrite).toBe(
      false,
    );
    expect((await app.ed.get(`/api/jobs/getwordauth?jobId=${job.id}&mode=write`)).statusCode).toBe(400);

    const audit = await app.t.ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.jobId, job.id), eq(auditLog.action, 'job.word.auth')));
    expect(audit.map((a) => a.detail)).toEqual([
      { canWrite: false },
      { canWrite: true },
      { canWrite: false },
    ]);
  });

  it('the viewing address only: without the edit-text permission, another account’s or an expired booking', async () => {
    const job = await app.w.makeWordJob();
    const noText = await as(without('jobEditText'));
    expect((await noText.post('/api/job/bookoutjob', { jobId: job.id })).statusCode).toBe(200);
    expect((await wordAuthOf(noText, job.id)).editUrl).toBeNull();
    expect((await wordAuthOf(app.ed, job.id)).editUrl).toBeNull(); // booked by noText
    await app.t.ctx.database.db.delete(bookings).where(eq(bookings.jobId, job.id));
    await other.post('/api/job/bookoutjob', { jobId: job.id });
    expect((await wordAuthOf(other, job.id)).editUrl).not.toBeNull();
    await app.t.ctx.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.jobId, job.id));
    expect((await wordAuthOf(other, job.id)).editUrl).toBeNull();
  });

  it('404 for another tenant’s or a missing job, 403 without jobView, 401 signed out, 400 without a Word document', async () => {
    const job = await app.w.makeWordJob();
    await app.t.ctx.database.db
      .update(jobs)
      .set({ corporateStructureId: app.w.south.structure.id })
      .where(eq(jobs.id, job.id));
    expect((await app.ed.get(`/api/jobs/getwordauth?jobId=${job.id}`)).statusCode).toBe(404);
    expect((await app.ed.get('/api/jobs/getwordauth?jobId=987654')).statusCode).toBe(404);
    const noView = await as(without('jobView'));
    const forbidden = await noView.get(`/api/jobs/getwordauth?jobId=${job.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe('You do not have permission to view jobs');
    expect(
      (await app.t.app.inject({ method: 'GET', url: `/api/jobs/getwordauth?jobId=${job.id}` })).statusCode,
    ).toBe(401);
    const cda = await app.w.makeJob();
    const notWord = await app.ed.get(`/api/jobs/getwordauth?jobId=${cda.id}`);
    expect(notWord.statusCode).toBe(400);
    expect(notWord.json().error.message).toBe(`Job ${cda.id} has no Word document.`);
    expect((await app.ed.get('/api/jobs/getwordauth?jobId=abc')).statusCode).toBe(400);
  });

  it('availability reads a Word job as the user-choice format with a Word document (the DOCX text type)', async () => {
    const job = await app.w.makeWordJob();
    const res = await app.ed.get(`/api/job/GetDocumentAvailability?jobId=${job.id}`);
    expect(res.json()).toMatchObject({ documentType: null, hasWord: true, hasCDA: false });
  });
});

/** WOPI_DISCOVERY_URL: any WOPI client's addresses from its discovery document (one database suffices). */
describe('getwordauth with a WOPI client’s discovery document', () => {
  const app = wordSuite(databaseTargets()[0]!, {
    discoveryFixture: 'collabora-discovery.xml',
    env: { WOPI_HOST_URL: 'http://quill.internal:8080/', PUBLIC_URL: 'https://quill.example.org' },
  });
  let discovery: FakeDiscovery;
  let jobId: number;

  beforeAll(async () => {
    discovery = app.discovery!;
    jobId = (await app.w.makeWordJob()).id;
  });

  it('answers the client’s edit and view actions with WOPISrc on WOPI_HOST_URL; PostMessageOrigin is PUBLIC_URL', async () => {
    await app.ed.post('/api/job/bookoutjob', { jobId });
    const auth = await wordAuthOf(app.ed, jobId);
    const src = encodeURIComponent(`http://quill.internal:8080/wopi/files/${jobId}`);
    expect(auth.editUrl).toBe(`https://office.example.org/browser/0b27e85/cool.html?WOPISrc=${src}`);
    expect(auth.viewUrl).toBe(auth.editUrl);
    const info = await wopiClientOf(app.t.app, auth, 'edit').checkFileInfo();
    expect(info.json().PostMessageOrigin).toBe('https://quill.example.org');
  });

  it('reads the discovery document once and keeps it', async () => {
    const before = discovery.hits();
    await wordAuthOf(app.ed, jobId);
    await wordAuthOf(app.ed, jobId);
    expect(discovery.hits()).toBe(before);
  });

  it('lets the frame show the client and its form post to it (CSP frame-src and form-action)', async () => {
    const csp = String((await app.ed.get('/api/account/authenticated')).headers['content-security-policy']);
    const origin = new URL(discovery.url).origin;
    expect(csp).toContain(`frame-src 'self' blob: ${origin}`);
    expect(csp).toContain(`form-action 'self' ${origin}`);
  });

  it('503 with a clear message when the client cannot be read, answers what is not discovery, or too much', async () => {
    const cases: [number, string, RegExp][] = [
      [500, 'down', /HTTP 500/],
      [200, '<html>Sign in</html>', /net-zone/],
      [200, `<wopi-discovery>${' '.repeat(2 * 1024 * 1024 + 10)}</wopi-discovery>`, /too large/],
    ];
    for (const [status, body, reason] of cases) {
      forgetDiscovery();
      discovery.answer(status, body);
      const res = await app.ed.get(`/api/jobs/getwordauth?jobId=${jobId}`);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toMatch(
        /^The Word service at http:\/\/127\.0\.0\.1:\d+\/hosting\/discovery could not be reached/,
      );
      expect(res.json().error.message).toMatch(reason);
    }
    forgetDiscovery();
    await discovery.close();
    const down = await app.ed.get(`/api/jobs/getwordauth?jobId=${jobId}`);
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('wopi_discovery');
  });
});
