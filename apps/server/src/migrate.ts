import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrateDatabase } from './db/migrate.js';
import { lockDataDir } from './system/dataDirLock.js';

/**
 * `npm run migrate` (issue 45): applies this build's migrations to DATABASE_URL (or the embedded
 * database under DATA_DIR, with its server stopped) and exits. Several at once are safe: they
 * take the migration lock in turn, and the later ones find nothing to do.
 */
async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) mkdirSync(config.dataDir, { recursive: true });
  const release = config.DATABASE_URL ? () => undefined : lockDataDir(config.dataDir);
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: join(config.dataDir, 'db') });
  try {
    const applied = await migrateDatabase(database);
    process.stdout.write(
      applied.length
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n`
        : 'The database schema is current: nothing to do.\n',
    );
  } finally {
    await database.close();
    release();
  }
}

main().catch((err: Error) => {
  process.stderr.write(`Quill could not migrate: ${err.message}\n`);
  process.exit(1);
});
