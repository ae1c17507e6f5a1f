import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.js';

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

/** Creates an empty PostgreSQL database on the TEST_DATABASE_URL server and answers its URL. */
export async function createPostgresDatabase(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `quill_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
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
        const database = await openDatabase({});
        return { database, dispose: () => database.close().catch(() => undefined) };
      },
    },
  ];
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    targets.push({
      name: 'postgres',
      async create() {
        const created = await createPostgresDatabase(baseUrl);
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
