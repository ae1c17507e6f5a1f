import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobs } from '../../db/schema/index.js';
import { jobNotFound, mayAccessJob } from './requireJob.js';
import type { TenantScope } from './tenantScope.js';

type Job = typeof jobs.$inferSelect;

/**
 * Every job named, in the order named, when the selected account may see each one; otherwise 404
 * for the first that is missing or another tenant's (the same answer as requireJob, so a bulk call
 * never tells the two apart). Bulk calls check every job with this before they do anything.
 */
export async function requireJobs(
  ctx: AppContext,
  scope: TenantScope,
  jobIds: readonly number[],
): Promise<Job[]> {
  const rows = jobIds.length
    ? await ctx.database.db
        .select()
        .from(jobs)
        .where(inArray(jobs.id, [...new Set(jobIds)]))
    : [];
  const byId = new Map(rows.map((j) => [j.id, j]));
  return jobIds.map((id) => {
    const job = byId.get(id);
    if (!job || !mayAccessJob(scope, job)) throw jobNotFound(id, job);
    return job;
  });
}
