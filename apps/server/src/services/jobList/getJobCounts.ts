import type { JobCounts } from '@quill/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireFacilities } from '../jobAccess/scope.js';
import { facilityList } from './jobListSql.js';

/** GET /api/jobs/getcounts: pending, hq, failed and all for a batch of client facilities. */
export async function getJobCounts(
  ctx: AppContext,
  auth: Auth,
  input: { corpId: number; cfs: readonly number[] },
): Promise<JobCounts> {
  const cfs = await requireFacilities(ctx, auth, input.corpId, input.cfs);
  // job_counts is kept by triggers on jobs (migration 0005): a few rows, not 100,000 jobs.
  const result = await ctx.database.db.execute(sql`
    select coalesce(sum(pending), 0)::int as pending, coalesce(sum(hq), 0)::int as hq,
           coalesce(sum(failed), 0)::int as failed, coalesce(sum("all"), 0)::int as "all"
    from job_counts
    where corporate_structure_id = ${input.corpId} and client_facility_id in (${facilityList(cfs)})`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    pending: Number(row.pending ?? 0),
    hq: Number(row.hq ?? 0),
    failed: Number(row.failed ?? 0),
    all: Number(row.all ?? 0),
  };
}
