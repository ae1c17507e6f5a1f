import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client.js';
import { migrationsFolder } from './client.js';

/** The PostgreSQL advisory lock key migrations hold (any fixed number; "quill" in ASCII). */
const MIGRATION_LOCK_KEY = 0x7175696c6c;

/**
 * Runs `work` holding the cluster-wide migration lock (issue 45): a PostgreSQL advisory lock on a
 * connection of its own, so servers (or `npm run migrate`) starting together migrate one after
 * the other — the later ones wait, then find nothing to do. PGlite is one process: no lock.
 */
async function withMigrationLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres' || !database.url) return work();
  const client = new pg.Client({ connectionString: database.url, application_name: 'quill-migrate-lock' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the connection releases the lock whatever happened.
    await client.end().catch(() => undefined);
  }
}

/**
 * Applies every committed migration not yet applied, under the migration lock. Answers the names
 * of the migrations it applied (empty: the schema was current).
 */
export async function migrateDatabase(database: Database): Promise<string[]> {
  return withMigrationLock(database, async () => {
    const pending = await pendingMigrations(database);
    if (!pending.length) return [];
    const migrationsFolderPath = migrationsFolder();
    if (database.kind === 'pglite') {
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
      await migratePglite(database.db as any, { migrationsFolder: migrationsFolderPath });
    } else {
      // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
      await migratePg(database.db as any, { migrationsFolder: migrationsFolderPath });
    }
    return pending;
  });
}

/**
 * A server that does not migrate at start (MIGRATE_ON_START=false, the production default)
 * refuses to start on a schema older than its build, saying what to run (issue 45).
 */
export async function assertSchemaCurrent(database: Database): Promise<void> {
  const pending = await pendingMigrations(database);
  if (pending.length)
    throw new Error(
      `the database schema is older than this build (${pending.length} migration(s) not applied, the last ${pending.at(-1)}): run \`npm run migrate\` first`,
    );
}

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

/** The migrations committed with this build that the database has not applied (empty: current). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  let applied = new Set<number>();
  try {
    const { rows } = await database.executeSql('select created_at from drizzle.__drizzle_migrations', []);
    applied = new Set(rows.map((r) => Number(r.created_at)));
  } catch (err) {
    // No migrations table (or schema) yet: nothing applied. Any other failure, such as a database
    // that does not answer, is the caller's to report; it says nothing about the migrations.
    const code = (err as { code?: string }).code;
    if (code !== '42P01' && code !== '3F000') throw err;
  }
  return journal.entries.filter((e) => !applied.has(e.when)).map((e) => e.tag);
}
