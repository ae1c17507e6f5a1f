import { DISTRIBUTION_STAGE_IDS } from '@quill/core';
import { and, asc, eq, exists, inArray, isNotNull, ne, not, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.js';
import { distributions, jobs, recipients } from '../../db/schema/index.js';
import { settleJobDistribution } from './settleJobDistribution.js';
import { startDistribution } from './startDistribution.js';

/** Jobs one batch of a sweep looks at, and the batches of one sweep, at most. */
export const SWEEP_BATCH = 200;
const SWEEP_BATCHES = 25;

/** A final automatic delivery of the job's current version (`d`: an alias of distributions). */
function finalOfVersion(d: Record<'jobId' | 'jobVersion' | 'preliminary' | 'deliveryKey', PgColumn>) {
  return and(
    eq(d.jobId, jobs.id),
    eq(d.jobVersion, jobs.version),
    eq(d.preliminary, false),
    isNotNull(d.deliveryKey),
  );
}

/** One batch of the sweep: the stranded jobs' ids (see sweepDistributions). */
async function strandedJobs(ctx: AppContext): Promise<number[]> {
  const { db } = ctx.database;
  const current = alias(distributions, 'current_delivery');
  const earlier = alias(distributions, 'earlier_delivery');
  const stranded = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.stageId, [...DISTRIBUTION_STAGE_IDS]),
        exists(
          db
            .select({ one: sql`1` })
            .from(recipients)
            .where(and(eq(recipients.jobId, jobs.id), eq(recipients.removed, false))),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.jobId, jobs.id),
                isNotNull(earlier.deliveryKey),
                ne(earlier.jobVersion, jobs.version),
              ),
            ),
        ),
        not(exists(db.select({ one: sql`1` }).from(current).where(finalOfVersion(current)))),
      ),
    )
    .orderBy(asc(jobs.id))
    .limit(SWEEP_BATCH);
  return stranded.map((j) => j.id);
}

/**
 * Jobs back in a distribution stage whose deliveries of their version are all done — a booking
 * taken while the last one finished, then released without a save — are settled (Finished, or
 * their failed stage), as the last delivery's outcome would have settled them.
 */
async function settleDone(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const done = alias(distributions, 'done_delivery');
  const open = alias(distributions, 'open_delivery');
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.stageId, [...DISTRIBUTION_STAGE_IDS]),
        exists(db.select({ one: sql`1` }).from(done).where(finalOfVersion(done))),
        not(
          exists(
            db
              .select({ one: sql`1` })
              .from(open)
              .where(and(finalOfVersion(open), inArray(open.status, ['queued', 'sending']))),
          ),
        ),
      ),
    )
    .orderBy(asc(jobs.id))
    .limit(SWEEP_BATCH);
  for (const { id } of rows) {
    await db.transaction((tx) => settleJobDistribution(ctx, tx, id));
  }
}

/**
 * The periodic sweep of automatic distribution (tasks/sweepDistributions.ts): a job in a
 * distribution stage (8, 9, 10) with live recipients whose automatic distribution was started
 * before (a delivery of an earlier version) but that has no delivery of its current version — it
 * came back to the stage without a save that starts one, e.g. a booking released after a
 * save-only — gets its distribution started now, each in its own transaction, batch after batch
 * (at most SWEEP_BATCHES of SWEEP_BATCH). Jobs that were in those stages before automatic
 * distribution existed (and the demo's) are left as they are until a save moves them on. Jobs whose
 * deliveries are all done are settled first (settleDone). Answers how many jobs it started.
 */
export async function sweepDistributions(ctx: AppContext): Promise<number> {
  await settleDone(ctx);
  let started = 0;
  for (let batch = 0; batch < SWEEP_BATCHES; batch++) {
    const ids = await strandedJobs(ctx);
    for (const id of ids) {
      const made = await ctx.database.db.transaction((tx) => startDistribution(ctx, tx, id));
      if (made.length) started++;
    }
    if (ids.length < SWEEP_BATCH) break;
  }
  if (started) ctx.log.info({ started }, 'distribution sweep started stranded jobs');
  return started;
}
