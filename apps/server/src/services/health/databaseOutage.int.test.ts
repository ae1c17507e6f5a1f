import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../db/connectionLost.js';
import { createPostgresDatabase, databaseTargets } from '../../testing/databases.js';
import { buildUser } from '../../testing/factories.js';
import { TestBrowser } from '../../testing/processes/browser.js';
import { TcpProxy } from '../../testing/processes/tcpProxy.js';
import { createTestApp, type TestApp } from '../../testing/testContext.js';

const baseUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'secret-password';

// PostgreSQL only: the embedded database lives in the server process and cannot go away alone.
describe.runIf(baseUrl)('PostgreSQL going away while the server runs', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPostgresDatabase(baseUrl!);
    drop = created.drop;
    const direct = new URL(created.url);
    proxy = new TcpProxy(direct.hostname, Number(direct.port || 5432));
    const port = await proxy.open();
    const viaProxy = new URL(created.url);
    viaProxy.host = `127.0.0.1:${port}`;
    const target = databaseTargets().find((x) => x.name === 'postgres')!;
    t = await createTestApp(
      {
        ...target,
        create: async () => {
          const { openDatabase } = await import('../../db/client.js');
          const database = await openDatabase({ url: viaProxy.toString() });
          return { database, dispose: async () => undefined };
        },
      },
      {},
    );
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await drop?.();
  });

  const database = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/healthcheck/results' });
    expect(res.statusCode).toBe(200);
    return (res.json() as { results: { name: string; result: boolean; detail: string }[] }).results.find(
      (r) => r.name === 'Database',
    )!;
  };

  it('fails the database check, keeps answering, and passes again when PostgreSQL is back', async () => {
    expect((await database()).result).toBe(true);
    await buildUser(t.ctx, { username: 'olive' });
    const signedIn = new TestBrowser(t.app);
    await signedIn.signIn('olive', PASSWORD);

    await proxy.close();
    const down = await database();
    expect(down.result).toBe(false);
    expect(down.detail).not.toBe('');
    // Every check that needs the database fails with why, not with a wrong diagnosis or SQL text.
    const all = (await t.app.inject({ method: 'GET', url: '/api/healthcheck/results' })).json() as {
      results: { name: string; result: boolean; detail: string }[];
    };
    const needsDatabase = all.results.filter((r) =>
      ['Database migrations', 'Task worker', 'Audit trail sealing'].includes(r.name),
    );
    for (const r of needsDatabase) {
      expect(r.result, r.name).toBe(false);
      expect(r.detail, r.name).not.toMatch(/Not applied|Failed query|select /i);
    }
    // The server itself still answers other calls.
    const other = await t.app.inject({ method: 'GET', url: '/api/no/such/call' });
    expect(other.statusCode).toBe(404);
    // Issue 23: every call that needs the database answers 503 with the catalogue's message, at once.
    for (const call of [
      () => signedIn.get('/api/Account/GetUserSummaries'),
      () => signedIn.get('/api/settings/user'),
      () => signedIn.get('/api/heartbeat/Active'),
      () => signedIn.post('/api/account/SignOut'),
      () => new TestBrowser(t.app).post('/api/account/login', { username: 'olive', password: PASSWORD }),
    ]) {
      const started = performance.now();
      const res = await call();
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error).toEqual({
        code: 'database_unavailable',
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    }
    // A signed-in caller is shown the health check too.
    const health = await signedIn.get('/api/healthcheck/results');
    expect(health.statusCode).toBe(200);

    await proxy.open();
    let up = await database();
    for (let i = 0; i < 20 && !up.result; i++) {
      await new Promise((r) => setTimeout(r, 250));
      up = await database();
    }
    expect(up.result).toBe(true);
    // The session survived the outage: the same browser works again within 5 s.
    const back = performance.now();
    let summaries = await signedIn.get('/api/Account/GetUserSummaries');
    while (summaries.statusCode !== 200 && performance.now() - back < 5_000) {
      await new Promise((r) => setTimeout(r, 100));
      summaries = await signedIn.get('/api/Account/GetUserSummaries');
    }
    expect(summaries.statusCode).toBe(200);
  });
});
