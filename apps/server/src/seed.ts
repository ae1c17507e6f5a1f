import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { closeContext, createContext } from './createContext.js';
import { seedDemo } from './demo/seed.js';
import { hasData } from './services/demo/seedIfEmpty.js';
import { createLogger } from './system/logger.js';

const USAGE = 'Usage: npm run seed -- [--jobs N] [--facilities N]';

/** `npm run seed -- --jobs N`: seeds the demo data into an empty database (DATA_DIR or DATABASE_URL). */
async function main() {
  const { values } = parseArgs({
    options: { jobs: { type: 'string' }, facilities: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const config = loadConfig();
  const jobs = values.jobs === undefined ? config.DEMO_JOBS : Number(values.jobs);
  const facilities = values.facilities === undefined ? undefined : Number(values.facilities);
  if (!Number.isInteger(jobs) || jobs < 0) throw new Error(`--jobs must be a whole number. ${USAGE}`);
  if (facilities !== undefined && (!Number.isInteger(facilities) || facilities < 2)) {
    throw new Error(`--facilities must be a whole number of at least 2. ${USAGE}`);
  }
  const log = createLogger({ LOG_LEVEL: 'warn' });
  const ctx = await createContext(config, log);
  try {
    if (await hasData(ctx)) {
      throw new Error('The database already holds data. Seed into a new DATA_DIR or an empty database.');
    }
    const summary = await seedDemo(ctx.database, ctx.blobs, {
      jobs,
      ...(facilities ? { facilities } : {}),
      onProgress: (msg) => process.stdout.write(`${msg}\n`),
    });
    process.stdout.write(
      `Seeded ${summary.jobs} jobs, ${summary.patients} patients, ${summary.physicians} physicians in ` +
        `${summary.clientFacilities} client facilities (${(summary.durationMs / 1000).toFixed(1)} s).\n`,
    );
  } finally {
    await closeContext(ctx);
  }
}

main().catch((err: Error) => {
  process.stderr.write(`Seeding failed: ${err.message}\n`);
  process.exit(1);
});
