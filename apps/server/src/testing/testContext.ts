import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { configWith } from '../config.js';
import type { AppContext } from '../context.js';
import { closeContext, createContext } from '../createContext.js';
import { createLogger } from '../system/logger.js';
import type { DatabaseTarget } from './databases.js';

export interface TestApp {
  ctx: AppContext;
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A real server on a fresh database of the given target and a temporary DATA_DIR, for
 * `app.inject()` tests. No demo seed unless the test asks for one.
 */
export async function createTestApp(
  target: DatabaseTarget,
  env: Record<string, string> = {},
  logDestination?: NodeJS.WritableStream,
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quill-test-'));
  const testDb = await target.create();
  // NODE_ENV test: answers are checked against their zod schemas too (http/responseSerializer.ts).
  const config = configWith({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'false',
    ...env,
  });
  const ctx = await createContext(config, createLogger(config, logDestination), testDb.database);
  const app = await buildApp(ctx, { webDist: null });
  return {
    ctx,
    app,
    dataDir,
    async close() {
      await app.close();
      await closeContext(ctx);
      await testDb.dispose().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
