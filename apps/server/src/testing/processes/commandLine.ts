import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configWith } from '../../config.js';
import type { AppContext } from '../../context.js';
import { createContext } from '../../createContext.js';
import { createLogger } from '../../system/logger.js';
import type { DatabaseTarget, TestDatabase } from '../databases.js';

const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What a command printed and how it ended. */
export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a server entry point with these settings and answers how it ended: `src/<script>.ts` with
 * tsx, or an absolute path to a bundled one (testing/processes/serverBundle.ts: it starts in a
 * fraction of the time).
 */
export function runEntryPoint(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<CommandRun> {
  const entry = isAbsolute(script) ? [script] : ['--import', 'tsx', join(src, script)];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...entry, ...args],
      { cwd: join(src, '..'), env: { ...process.env, ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * A DATA_DIR (and, for the postgres target, a database) that a command-line entry point of the
 * server (`src/<script>.ts`, run with tsx as `npm run …` runs its bundle) and the test share.
 */
export async function commandWorld(target: DatabaseTarget, script: string) {
  const dataDir = await mkdtemp(join(tmpdir(), 'quill-cli-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_SEED: 'false', LOG_LEVEL: 'silent' };
  let testDb: TestDatabase | undefined;
  if (target.name === 'postgres') {
    testDb = await target.create();
    env.DATABASE_URL = testDb.url!;
  }
  return {
    dataDir,
    /** A context on the command's database and files (close it before the command runs on PGlite). */
    open: (): Promise<AppContext> => createContext(configWith(env), createLogger({ LOG_LEVEL: 'silent' })),
    run: (...args: string[]): Promise<CommandRun> => runEntryPoint(script, env, args),
    async dispose() {
      await testDb?.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
