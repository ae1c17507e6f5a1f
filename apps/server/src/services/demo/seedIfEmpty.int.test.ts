import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { configWith } from '../../config.js';
import type { AppContext } from '../../context.js';
import { closeContext, createContext } from '../../createContext.js';
import { documentVersions, jobs, patients, physicians } from '../../db/schema/index.js';
import { createLogger } from '../../system/logger.js';
import { seedIfEmpty } from './seedIfEmpty.js';

const dirs: string[] = [];
async function start(dataDir: string): Promise<AppContext> {
  const config = configWith({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'true', DEMO_JOBS: '120' });
  return createContext(config, createLogger(config));
}
async function counts(ctx: AppContext) {
  const n = async (table: typeof jobs | typeof patients | typeof physicians | typeof documentVersions) =>
    (await ctx.database.db.select({ n: count() }).from(table))[0]!.n;
  return {
    jobs: await n(jobs),
    patients: await n(patients),
    physicians: await n(physicians),
    documents: await n(documentVersions),
  };
}

describe('first start and restart on a DATA_DIR (embedded PGlite)', () => {
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  // Three embedded databases started and migrated, two seeded: 31 s alone on a two-core machine,
  // over 60 s once within the suite with other work beside it.
  it('seeds an empty DATA_DIR once, keeps everything on restart, and seeds a new DATA_DIR again', async () => {
    const first = await mkdtemp(join(tmpdir(), 'quill-restart-'));
    dirs.push(first);

    let ctx = await start(first);
    const seeded = await seedIfEmpty(ctx);
    expect(seeded?.jobs).toBe(120);
    const before = await counts(ctx);
    expect(before.jobs).toBe(120);
    await closeContext(ctx);

    ctx = await start(first);
    expect(await seedIfEmpty(ctx)).toBeNull();
    expect(await counts(ctx)).toEqual(before);
    await closeContext(ctx);

    const second = await mkdtemp(join(tmpdir(), 'quill-restart-'));
    dirs.push(second);
    ctx = await start(second);
    expect((await seedIfEmpty(ctx))?.jobs).toBe(120);
    await closeContext(ctx);
  }, 180_000);
});
