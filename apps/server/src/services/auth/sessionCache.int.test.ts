import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountCorporateAccess,
  accountPermissions,
  auditLog,
  sessions,
  users,
} from '../../db/schema/index.js';
import { SESSION_COOKIE } from '../../http/session.js';
import { databaseTargets } from '../../testing/databases.js';
import { buildStructure, buildUser } from '../../testing/factories.js';
import { waitFor } from '../../testing/faxTestKit.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { sessionStatementsDuring } from '../../testing/statements.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';
import { resolveSession } from './resolveSession.js';
import { hashSessionToken } from './sessionToken.js';

describe.each(databaseTargets())('the session cache on $name', (target) => {
  let t: TestApp;
  let url: string | undefined;
  let cs: number;
  let cf: number;
  let other: number;
  let person: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    // The test database's URL, for a second connection that is not this process's pool.
    const created = await target.create();
    url = created.url;
    t = await createTestApp({ ...target, create: async () => created });
    const north = await buildStructure(t.ctx, { name: 'North' });
    cs = north.structure.id;
    cf = north.facilities[0]!.id;
    other = (await buildStructure(t.ctx, { name: 'South' })).structure.id;
    person = await buildUser(t.ctx, { accounts: [{ companyId: cs, access: [cs, other] }] });
    await waitFor(
      async () => t.ctx.sessionCache.serving,
      'the session cache to hear the database',
      5_000,
      20,
    );
  });
  afterAll(async () => t?.close());

  const signedIn = async () => {
    const b = new TestBrowser(t.app);
    await b.signInAs(person.user.username, person.password, person.accounts[0]!.id);
    return b;
  };
  const settings = async (b: TestBrowser) => {
    const res = await b.get('/api/settings/user');
    return { status: res.statusCode, permissions: (res.json() as { permissions?: string[] }).permissions };
  };
  const structures = async (b: TestBrowser) =>
    ((await b.get('/api/jobs/getusercs')).json() as { id: number }[]).map((x) => x.id).sort();
  const hash = (b: TestBrowser) => hashSessionToken(b.cookies.get(SESSION_COOKIE)!);
  /** For waitFor: whether a call by `b` now reads no statement for its session. */
  const servedFromCache = (b: TestBrowser) => async () =>
    (await sessionStatementsDuring(() => settings(b))).length === 0;

  it('answers a call with a cached session without any statement for it', async () => {
    const b = await signedIn();
    expect((await settings(b)).status).toBe(200);
    // The sign-in's own change notices may still be on their way and evict the first entry.
    await waitFor(servedFromCache(b), 'the session to be served from the cache', 5_000, 20);
    const statements = await sessionStatementsDuring(async () => {
      for (let i = 0; i < 5; i++) expect((await settings(b)).status).toBe(200);
    });
    expect(statements).toEqual([]);
    // Without the cache each of those calls reads its session: the count above is not blind.
    t.ctx.sessionCache.evict(`s:${hash(b)}`);
    expect(await sessionStatementsDuring(() => settings(b))).toHaveLength(1);
  });

  it('s: a session ended by SQL in this process is refused at its next call', async () => {
    const b = await signedIn();
    expect((await settings(b)).status).toBe(200);
    await t.ctx.database.db
      .update(sessions)
      .set({ endedAt: new Date(), endReason: 'signout' })
      .where(eq(sessions.idHash, hash(b)));
    expect((await settings(b)).status).toBe(401);
  });

  it('s: sign-out and an account switch take effect at the next call', async () => {
    const b = await signedIn();
    expect((await settings(b)).status).toBe(200);
    const second = await buildUser(t.ctx, { accounts: [{ companyId: cs }, { companyId: other }] });
    const c = new TestBrowser(t.app);
    await c.signInAs(second.user.username, second.password, second.accounts[0]!.id);
    expect(await structures(c)).toEqual([cs]);
    expect((await c.post(`/api/Account/SetUserSummary/${second.accounts[1]!.id}`)).statusCode).toBe(200);
    expect(await structures(c)).toEqual([other]);
    expect((await c.post('/api/account/SignOut')).statusCode).toBeLessThan(400);
    expect((await settings(c)).status).toBe(401);
  });

  it('s: an active heartbeat moves the idle expiry: the next call reads the session again', async () => {
    const b = await signedIn();
    expect((await settings(b)).status).toBe(200);
    const [before] = await t.ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hash(b)));
    await new Promise((r) => setTimeout(r, 5));
    expect((await b.get('/api/heartbeat/Active')).statusCode).toBe(200);
    expect(await sessionStatementsDuring(() => settings(b))).toHaveLength(1);
    const [after] = await t.ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hash(b)));
    expect(after!.idleExpiresAt.getTime()).toBeGreaterThan(before!.idleExpiresAt.getTime());
    const resolved = await resolveSession(t.ctx, b.cookies.get(SESSION_COOKIE)!);
    expect(resolved.auth?.idleExpiresAt.getTime()).toBe(after!.idleExpiresAt.getTime());
  });

  it('u: disabling the user by SQL refuses the next call; enabling lets it through again', async () => {
    const b = await signedIn();
    expect((await settings(b)).status).toBe(200);
    await t.ctx.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, person.user.id));
    const refused = await b.get('/api/settings/user');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'user_disabled' } });
    await t.ctx.database.db.update(users).set({ disabledAt: null }).where(eq(users.id, person.user.id));
    expect((await settings(b)).status).toBe(200);
  });

  it('a: a permission or a corporate structure taken away or given counts at the next call', async () => {
    const b = await signedIn();
    const accountId = person.accounts[0]!.id;
    const him = `/api/jobs/him?corpId=${cs}&cfs=${cf}`;
    expect((await b.get(him)).statusCode).toBe(200);
    expect(await structures(b)).toEqual([cs, other].sort());
    await t.ctx.database.db
      .delete(accountPermissions)
      .where(
        and(eq(accountPermissions.accountId, accountId), eq(accountPermissions.permission, 'holdQueueView')),
      );
    expect((await b.get(him)).statusCode).toBe(403);
    expect((await settings(b)).permissions).not.toContain('holdQueueView');
    await t.ctx.database.db.insert(accountPermissions).values({ accountId, permission: 'holdQueueView' });
    expect((await b.get(him)).statusCode).toBe(200);

    await t.ctx.database.db
      .delete(accountCorporateAccess)
      .where(
        and(
          eq(accountCorporateAccess.accountId, accountId),
          eq(accountCorporateAccess.corporateStructureId, other),
        ),
      );
    expect(await structures(b)).toEqual([cs]);
    await t.ctx.database.db.insert(accountCorporateAccess).values({ accountId, corporateStructureId: other });
    expect(await structures(b)).toEqual([cs, other].sort());
  });

  it('checks expiry at every call from the cached times, ending and auditing an expired session', async () => {
    const b = await signedIn();
    expect((await settings(b)).status).toBe(200);
    const token = b.cookies.get(SESSION_COOKIE)!;
    const later = new Date(Date.now() + (t.ctx.config.SESSION_IDLE_SECONDS + 1) * 1000);
    expect(await resolveSession(t.ctx, token, later)).toEqual({ auth: null, problem: 'expired' });
    const [row] = await t.ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hash(b)));
    expect(row?.endReason).toBe('expired');
    const audits = await t.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.expire'));
    expect(audits.some((a) => a.userId === person.user.id)).toBe(true);
    const refused = await b.get('/api/settings/user');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'session_expired' } });
  });

  // PostgreSQL only: another connection, and a listener connection that can be lost (PGlite has neither).
  if (target.name === 'postgres') {
    it('hears another connection’s writes within a second (not this process’s pool)', async () => {
      const b = await signedIn();
      expect((await settings(b)).status).toBe(200);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`update sessions set ended_at = now(), end_reason = 'signout' where id_hash = $1`, [
          hash(b),
        ]);
        await waitFor(async () => (await settings(b)).status === 401, 'the cached session to go', 1_000, 20);
      } finally {
        await admin.end();
      }
    });

    it('fails closed while its listener is lost: every call reads its session, until it listens again', async () => {
      const b = await signedIn();
      expect((await settings(b)).status).toBe(200);
      // A notification of this process's own earlier writes also comes back on the listener, a
      // moment later, and evicts what a lookup in flight then would keep: wait for a calm moment.
      await waitFor(servedFromCache(b), 'the session to be served from the cache', 2_000, 20);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rowCount } = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = 'quill-auth-listener' and datname = current_database()`,
        );
        expect(rowCount).toBe(1);
      } finally {
        await admin.end();
      }
      await waitFor(async () => !t.ctx.sessionCache.serving, 'the listener to be lost', 1_000, 5);
      expect(t.ctx.sessionCache.size).toBe(0);
      expect(await sessionStatementsDuring(() => settings(b))).toHaveLength(1);
      await waitFor(async () => t.ctx.sessionCache.serving, 'the listener to be back', 10_000, 20);
      expect(await sessionStatementsDuring(() => settings(b))).toHaveLength(1);
      await waitFor(servedFromCache(b), 'the session to be served from the cache again', 2_000, 20);
    });
  }

  it('serves nothing once its listener is stopped', async () => {
    const b = await signedIn();
    expect((await settings(b)).status).toBe(200);
    await t.ctx.sessionCache.stop();
    expect(t.ctx.sessionCache.serving).toBe(false);
    expect(await sessionStatementsDuring(() => settings(b))).toHaveLength(1);
    expect(await sessionStatementsDuring(() => settings(b))).toHaveLength(1);
  });
});
