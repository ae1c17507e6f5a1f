import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { appSettings, corporateStructures } from '../../db/schema/index.js';
import { DEMO_SEED_KEY, type SeedSummary, seedDemo } from '../../demo/seed.js';

/** True when the demo seed filled this database (its marker is there). */
export async function isDemoDatabase(ctx: Pick<AppContext, 'database'>): Promise<boolean> {
  const [marker] = await ctx.database.db.select().from(appSettings).where(eq(appSettings.key, DEMO_SEED_KEY));
  return !!marker;
}

/** True when the database already holds an installation's data (seeded or real). */
export async function hasData(ctx: Pick<AppContext, 'database'>): Promise<boolean> {
  if (await isDemoDatabase(ctx)) return true;
  const [row] = await ctx.database.db.select({ n: count() }).from(corporateStructures);
  return (row?.n ?? 0) > 0;
}

/**
 * First start of an empty database: seeds the demo data (DEMO_JOBS jobs). Answers the summary, or
 * null when there was data already, so a restart never seeds twice.
 */
export async function seedIfEmpty(ctx: AppContext): Promise<SeedSummary | null> {
  if (!ctx.config.DEMO_SEED || (await hasData(ctx))) return null;
  ctx.log.info({ jobs: ctx.config.DEMO_JOBS }, 'empty database: seeding demo data');
  return seedDemo(ctx.database, ctx.blobs, {
    jobs: ctx.config.DEMO_JOBS,
    onProgress: (msg) => ctx.log.info(msg),
  });
}
