import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type Child, type httpClient, start, stop } from './childProcess.js';
import { buildServerBundle } from './serverBundle.js';

/**
 * For a describe block whose tests run the built server as child processes (and kill them): builds
 * the bundle and a private DATA_DIR before, kills what is left and removes both after.
 */
export function serverProcessSuite(dataDirPrefix: string) {
  let bundle: Awaited<ReturnType<typeof buildServerBundle>> | undefined;
  let dataDir = '';
  const children: Child[] = [];
  beforeAll(async () => {
    bundle = await buildServerBundle();
    dataDir = await mkdtemp(join(tmpdir(), dataDirPrefix));
  }, 120_000);
  afterAll(async () => {
    for (const c of children) await stop(c, 'SIGKILL');
    await bundle?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    /** The server's environment: this suite's DATA_DIR, any free port, no demo seed. */
    env(databaseUrl?: string): Record<string, string> {
      return {
        LOG_LEVEL: 'warn',
        DEMO_SEED: 'false',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      };
    },
    /** The suite's DATA_DIR (a test may make its own directories in it). */
    dir: () => dataDir,
    /** Starts the bundled server (or `script`: 'worker.js'); one still running at the end is killed. */
    start(env: Record<string, string>, script = 'main.js'): Child {
      const child = start(join(bundle!.dir, script), env);
      children.push(child);
      return child;
    },
  };
}

/** Signs in and picks the account as the web client does; throws unless both succeed. */
export async function signIn(
  call: ReturnType<typeof httpClient>,
  user: { username: string; password: string },
  accountId: number,
): Promise<void> {
  await call('GET', '/api/account/authenticated');
  const login = await call('POST', '/api/account/login', user);
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const pick = await call('POST', `/api/Account/SetUserSummary/${accountId}`);
  if (pick.status !== 200) throw new Error(`account choice answered ${pick.status}`);
}
