import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client.js';
import { migrationsFolder } from './client.js';

/** Applies every committed migration not yet applied. Safe to run at every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await migratePglite(database.db as any, { migrationsFolder: migrationsFolderPath });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the driver-specific type
    await migratePg(database.db as any, { migrationsFolder: migrationsFolderPath });
  }
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
