// Types only, of modules that import no service, task handler or route: every service imports this
// file, so anything it imported that led back to a service would tie them all in a circle (issue 42).
// createContext.ts opens and closes the context.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { DocumentPool } from './documents/pool/documentPool.js';
import type { SessionCache } from './services/auth/sessionCache.js';
import type { BlobStore } from './storage/blobStore.js';
import type { TaskQueue } from './tasks/taskQueue.js';

/** What every route, service and task gets: settings, database, files, task queue and logger. */
export interface AppContext {
  config: Config;
  database: Database;
  blobs: BlobStore;
  tasks: TaskQueue;
  log: FastifyBaseLogger;
  /** Threads that read, check and render documents off the event loop (documents/pool). */
  documents: DocumentPool;
  /** Signs short-lived cookies; kept in the database so every API process shares it. */
  cookieSecret: string;
  /** Resolved sessions, evicted by the database's notifications (services/auth/sessionCache.ts). */
  sessionCache: SessionCache;
  /** Releases the DATA_DIR lock of the embedded database (no-op otherwise). */
  release: () => void;
}
