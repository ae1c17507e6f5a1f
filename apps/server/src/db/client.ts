import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { DATABASE_LIMITS } from '@quill/core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DatabaseWatch } from './databaseWatch.js';
import { releaseClientsOnFailure } from './releasingTransaction.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;

/**
 * The channel the triggers of migration 0019_auth_notify notify on: every connection of the
 * database listens on it (`Database.notifications`), and so does db/authNotifications.ts.
 */
export const AUTH_CHANNEL = 'quill_auth';
/** The Drizzle handle; the same type whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The transaction handle `db.transaction()` passes to its callback. It is a Db too, so a function
 * that only reads and writes takes `Db` and runs inside or outside a transaction without a cast;
 * take `Tx` only where the work must be part of the caller's transaction.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A raw SQL runner with the shape pg-boss's `db` option expects. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql: ExecuteSql;
  /** PostgreSQL connection string when kind is postgres (pg-boss opens its own pool). */
  url?: string;
  /**
   * Emits `auth` with the payload of every AUTH_CHANNEL notification heard on the connections this
   * process queries through (db/authNotifications.ts): a notification raised by this process's own
   * write is emitted before that write's promise resolves.
   */
  notifications: EventEmitter<{ auth: [payload: string] }>;
  /**
   * False while the database does not answer (PostgreSQL hung: db/databaseWatch.ts); PGlite runs
   * in this process and cannot hang apart from it, so it has none.
   */
  answering?: () => boolean;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; undefined for an in-memory database (tests). */
  pgliteDir?: string;
  /** A dumped PGlite data directory an in-memory database starts from (tests' migrated copy). */
  pgliteFrom?: Blob;
  /** Called when an idle pooled connection fails (PostgreSQL restarted); must not throw. */
  onPoolError?: (err: Error) => void;
  /** Called when the database stops answering (false) and when it answers again (true). */
  onAnswering?: (answering: boolean) => void;
}

/** Opens PGlite (file-backed or in memory) or a PostgreSQL pool. Does not migrate. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const watch = new DatabaseWatch(opts.url, (answering) => opts.onAnswering?.(answering));
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      // Issue 23: with the database down, a call fails within 2 s (503) rather than waiting on it —
      // each connection stops trying after connectTimeoutMs; a call waiting for a free connection
      // of a busy pool waits longer (issue 24). Issue 41: with the database hung, the watch closes
      // every connection and refuses new ones until it answers again (db/databaseWatch.ts).
      Client: watch.clientClass() as unknown as new () => pg.ClientBase, // pg-pool passes it the pool config
      connectionTimeoutMillis: DATABASE_LIMITS.poolWaitMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: DATABASE_LIMITS.keepAliveDelayMs,
      idleTimeoutMillis: 30_000,
      // Every pooled connection listens before the pool hands it out (pg-pool awaits this hook),
      // so that this process hears its own writes' notifications at once: PostgreSQL sends a
      // session its own notifications before the ReadyForQuery of the statement (or COMMIT) that
      // raised them, that is before the write's promise resolves (db/authNotifications.ts).
      onConnect: (client) => client.query(`LISTEN ${AUTH_CHANNEL}`),
    });
    // Without a listener a dropped idle connection would crash the process. The pool listens only
    // while a connection is idle: one checked out (a transaction between two statements) that
    // drops would emit an error nobody hears, so each connection gets its own listener too. Its
    // next statement fails, and the call answers 503 (db/connectionLost.ts).
    pool.on('error', (err) => opts.onPoolError?.(err));
    const notifications = new EventEmitter<{ auth: [payload: string] }>();
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.onPoolError?.(err));
      client.on('notification', (n) => {
        if (n.channel === AUTH_CHANNEL) notifications.emit('auth', n.payload ?? '');
      });
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    releaseClientsOnFailure(db, pool);
    watch.start();
    return {
      kind: 'postgres',
      db,
      url: opts.url,
      notifications,
      answering: () => watch.isAnswering(),
      executeSql: async (text, values) => {
        const r = await pool.query(text, values as unknown[] | undefined);
        return { rows: r.rows };
      },
      close: async () => {
        await watch.stop();
        await pool.end();
      },
    };
  }
  const client = opts.pgliteDir
    ? new PGlite(opts.pgliteDir)
    : new PGlite(opts.pgliteFrom ? { loadDataDir: opts.pgliteFrom } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // PGlite has one connection, the process's only writer: PGlite calls the listener while it reads
  // the answer of the statement that raised the notification, before that statement resolves.
  const notifications = new EventEmitter<{ auth: [payload: string] }>();
  await client.listen(AUTH_CHANNEL, (payload) => notifications.emit('auth', payload));
  return {
    kind: 'pglite',
    db,
    notifications,
    executeSql: async (text, values) => {
      // PGlite's query() takes one statement with parameters; exec() several without.
      if (values && values.length > 0) {
        const r = await client.query<Record<string, unknown>>(text, values as unknown[]);
        return { rows: r.rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    close: () => client.close(),
  };
}

/** The folder of committed SQL migrations, found from this file whether bundled or not. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('The drizzle migrations folder was not found next to the server');
}
