import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { pendingMigrations } from './db/migrate.js';
import { users } from './db/schema/index.js';
import { DEMO_PASSWORD } from './demo/seed.js';
import { hashPassword } from './services/auth/passwords.js';
import { createPostgresDatabase } from './testing/databases.js';
import { type CommandRun, runEntryPoint } from './testing/processes/commandLine.js';
import { buildServerBundle } from './testing/processes/serverBundle.js';

/**
 * Issue 45, "production is explicit": the deployment entry points run as processes on an empty
 * database — `npm run migrate` (two at once on PostgreSQL), a server that does not migrate
 * refusing an older schema, and NODE_ENV=production refusing the demo password. On PostgreSQL
 * when TEST_DATABASE_URL is set (where several servers and `migrate` meet), else on PGlite: one
 * target's process starts are enough.
 */
const targets: { name: 'pglite' | 'postgres' }[] = [
  { name: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
];

let bundle: Awaited<ReturnType<typeof buildServerBundle>>;
beforeAll(async () => {
  bundle = await buildServerBundle();
}, 120_000);
afterAll(async () => bundle?.dispose());

describe.each(targets)('production start on an empty $name database', ({ name }) => {
  let dataDir: string;
  let env: Record<string, string>;
  let drop: () => Promise<void> = async () => undefined;
  const open = () =>
    openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: join(dataDir, 'db') });
  // Any server that passes its checks would serve until the run's limit: it must not.
  const serve = (settings: Record<string, string>) =>
    runEntryPoint(join(bundle.dir, 'main.js'), { ...env, PORT: '0', LOG_LEVEL: 'silent', ...settings });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'quill-production-'));
    env = { DATA_DIR: dataDir };
    if (name === 'postgres') {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      env.DATABASE_URL = created.url;
      drop = created.drop;
    }
  });
  afterAll(async () => {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a server that does not migrate refuses the older schema and says what to run', async () => {
    const run = await serve({ NODE_ENV: 'production' });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/schema is older than this build .*run `npm run migrate` first/);
  }, 120_000);

  it('npm run migrate migrates once, however many run at once, and none fails', async () => {
    const migrate = () => runEntryPoint(join(bundle.dir, 'migrate.js'), env);
    // PGlite is one process's: its migrations run one after the other.
    const runs: CommandRun[] =
      name === 'postgres' ? await Promise.all([migrate(), migrate()]) : [await migrate(), await migrate()];
    expect(runs.map((r) => [r.code, r.stderr])).toEqual([
      [0, ''],
      [0, ''],
    ]);
    const said = runs.map((r) => r.stdout.trim()).sort();
    expect(said[0]).toMatch(/^Applied \d+ migration\(s\): 0000_/);
    expect(said[1]).toBe('The database schema is current: nothing to do.');
    const database = await open();
    try {
      expect(await pendingMigrations(database)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 240_000);

  it('with NODE_ENV=production a server does not start while a user has the demo password', async () => {
    const database = await open();
    try {
      const { rows } = await database.executeSql('select count(*)::int as n from users', []);
      expect(Number(rows[0]?.n)).toBe(0); // the servers above seeded nothing
      await database.db.insert(users).values({
        username: 'manager',
        displayName: 'Demo Manager',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      });
    } finally {
      await database.close();
    }
    const run = await serve({ NODE_ENV: 'production' });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/1 user\(s\) still have the demo password \(manager\)/);
  }, 120_000);
});
