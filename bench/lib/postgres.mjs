// A seeded PostgreSQL database for a benchmark, with the DATA_DIR its documents live in (the seed
// writes each job's document as a file there: the server must run on the same folder).
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { removeDir, seed } from './quill.mjs';

/** The DATA_DIR kept beside the database at `url` between runs (so that a second run can skip the seed). */
export function keptDataDir(url) {
  return join(tmpdir(), `quill-bench-api-${new URL(url).pathname.slice(1)}`);
}

async function withAdmin(url, run) {
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href,
  });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates the database at `url` when missing and seeds it with `jobs` demo jobs over `facilities`
 * client facilities (the seed's default when not given) into `dataDir`, unless it already holds
 * them with their folder (then it is reused); `reseed` drops and seeds it again in any case.
 * Answers the environment the server and the seed run with.
 */
export async function preparePostgres(url, dataDir, { jobs, facilities, reseed = false }) {
  const name = new URL(url).pathname.slice(1);
  const exists = await withAdmin(url, async (admin) => {
    if (reseed) await admin.query(`drop database if exists "${name}" with (force)`);
    const found = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
    if (!found) await admin.query(`create database "${name}"`);
    return found;
  });
  const env = { DATABASE_URL: url, DATA_DIR: dataDir };
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  // The documents are files under DATA_DIR: a database is reused only with the folder seeded beside it.
  const seeded =
    existsSync(join(dataDir, 'blobs')) &&
    (await db
      .query('select count(*)::int as n from jobs')
      .then((r) => r.rows[0].n >= jobs)
      .catch(() => false));
  await db.end();
  if (seeded) {
    console.log(`Reusing ${name}: it already holds the demo data.`);
    return env;
  }
  if (exists) {
    await withAdmin(url, async (admin) => {
      await admin.query(`drop database "${name}" with (force)`);
      await admin.query(`create database "${name}"`);
    });
  }
  removeDir(dataDir);
  console.log(`Seeding ${name} with ${jobs} jobs…`);
  const took = seed(env, jobs, facilities);
  console.log(`Seeded in ${took.toFixed(1)} s.`);
  return env;
}
