import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, migrationsFolder, openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';

/** A database a test suite runs on, and how to throw it away. */
export interface TestDatabase {
  database: Database;
  /** postgres URL of the fresh database (postgres target only). */
  url?: string;
  dispose(): Promise<void>;
}

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  create(): Promise<TestDatabase>;
}

/**
 * What the committed migrations are: a hash of every file of the migrations folder. A migrated
 * copy made under one hash is never used under another.
 */
const migrationsHash = (() => {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest('hex').slice(0, 12);
})();

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The name of a migrated PostgreSQL database on the server of `baseUrl` that new test databases
 * are copied from (`create database … template`): copying it takes a fraction of a second where
 * running every migration took seconds. Made once per migrations hash; an advisory lock keeps
 * the test workers from making it twice.
 */
async function postgresTemplate(baseUrl: string): Promise<string> {
  const name = `quill_template_${migrationsHash}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(hashtext('quill test template'))`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const database = await openDatabase({ url: databaseUrl(baseUrl, building) });
      try {
        await migrateDatabase(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * Creates a PostgreSQL database on the TEST_DATABASE_URL server and answers its URL: empty, or
 * with every migration applied when `migrated` (copied from {@link postgresTemplate}).
 */
export async function createPostgresDatabase(
  baseUrl: string,
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `quill_test_${randomBytes(6).toString('hex')}`;
  const template = opts.migrated ? await postgresTemplate(baseUrl) : null;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return {
    url: databaseUrl(baseUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A dump of a migrated PGlite data directory that new in-memory test databases start from:
 * loading it takes a fraction of the time of creating a database and running every migration.
 * Kept in the temporary folder under the migrations hash, so both test workers and later runs
 * share one; written under a temporary name and renamed, so a reader never sees half.
 */
async function pgliteTemplate(): Promise<Blob> {
  const path = join(tmpdir(), `quill-pglite-template-${migrationsHash}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    const database = await openDatabase({});
    try {
      await migrateDatabase(database);
      const { $client } = database.db as unknown as { $client: PGlite };
      const dump = await $client.dumpDataDir('none');
      const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, path);
      return dump;
    } finally {
      await database.close();
    }
  }
}

/**
 * The databases every database test runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL
 * is set (CI sets it). Use with `describe.each(databaseTargets())`.
 */
export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    {
      name: 'pglite',
      async create() {
        const database = await openDatabase({ pgliteFrom: await pgliteTemplate() });
        return { database, dispose: () => database.close().catch(() => undefined) };
      },
    },
  ];
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    targets.push({
      name: 'postgres',
      async create() {
        const created = await createPostgresDatabase(baseUrl, { migrated: true });
        const database = await openDatabase({ url: created.url });
        return {
          database,
          url: created.url,
          async dispose() {
            await database.close().catch(() => undefined);
            await created.drop();
          },
        };
      },
    });
  }
  return targets;
}
