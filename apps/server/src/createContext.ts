import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type Database, openDatabase } from './db/client.js';
import { assertSchemaCurrent, migrateDatabase } from './db/migrate.js';
import { DocumentPool } from './documents/pool/documentPool.js';
import { ensureCookieSecret } from './services/auth/cookieSecret.js';
import { SessionCache } from './services/auth/sessionCache.js';
import { FsBlobStore } from './storage/fsBlobStore.js';
import { lockDataDir } from './system/dataDirLock.js';
import { TASKS } from './tasks/registry.js';
import { TaskQueue } from './tasks/taskQueue.js';

/**
 * Opens the database (PGlite under DATA_DIR/db, or DATABASE_URL), applies migrations (or, with
 * MIGRATE_ON_START off, refuses a schema older than this build), opens the blob store and starts
 * the task queue. `database` may be passed in (tests).
 */
export async function createContext(
  config: Config,
  log: FastifyBaseLogger,
  database?: Database,
): Promise<AppContext> {
  await mkdir(config.dataDir, { recursive: true });
  const release = !database && !config.DATABASE_URL ? lockDataDir(config.dataDir) : () => undefined;
  const db =
    database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: join(config.dataDir, 'db'),
      onPoolError: (err) => log.warn({ err: { message: err.message } }, 'database connection lost'),
    }));
  if (config.migrateOnStart) await migrateDatabase(db);
  else await assertSchemaCurrent(db);
  const cookieSecret = await ensureCookieSecret(db);
  const blobs = new FsBlobStore(join(config.dataDir, 'blobs'));
  const tasks = new TaskQueue(db, log, { maintenanceIntervalSeconds: config.TASK_MAINTENANCE_SECONDS });
  await tasks.start(TASKS);
  const documents = DocumentPool.fromConfig(config, (err) =>
    // The error's own words only: a document's content never reaches this message.
    log.error(
      { err: { message: err.message, code: (err as NodeJS.ErrnoException).code } },
      'a document thread failed',
    ),
  );
  const sessionCache = SessionCache.start(
    db,
    { maxEntries: config.SESSION_CACHE_ENTRIES, ttlMs: config.SESSION_CACHE_SECONDS * 1000 },
    log,
  );
  return { config, database: db, blobs, tasks, log, documents, cookieSecret, sessionCache, release };
}

/** Stops the task queue and the session cache's listener, and closes the database. */
export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.sessionCache.stop();
  await ctx.tasks.stop();
  await ctx.documents.close();
  await ctx.database.close();
  ctx.release();
}
