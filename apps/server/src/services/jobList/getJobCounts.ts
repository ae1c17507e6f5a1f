import type { JobCounts } from '@quill/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { requireFacilities, requireVisibleStructure } from '../tenantScope/requireStructure.js';
import { facilityList } from './jobListSql.js';

/** GET /api/jobs/getcounts: pending, hq, failed and all for a batch of client facilities. */
export async function getJobCounts(
  ctx: AppContext,
  auth: Auth,
  input: { corpId: number; cfs: readonly number[] },
): Promise<JobCounts> {
  requireVisibleStructure(auth.scope, input.corpId);
  const cfs = [...new Set(input.cfs)];
  // One statement checks the facilities belong to the structure and sums their counts; job_counts
  // is kept by triggers on jobs (migration 0005): a few rows, not 100,000 jobs.
  const result = await ctx.database.db.execute(sql`
    select (select count(*)::int from client_facilities
             where corporate_structure_id = ${input.corpId} and id in (${facilityList(cfs)})) as known,
           coalesce(sum(pending), 0)::int as pending, coalesce(sum(hq), 0)::int as hq,
           coalesce(sum(failed), 0)::int as failed, coalesce(sum("all"), 0)::int as "all"
    from job_counts
    where corporate_structure_id = ${input.corpId} and client_facility_id in (${facilityList(cfs)})`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  // A facility of another structure or none: requireFacilities names it (404).
  if (Number(row.known) !== cfs.length) await requireFacilities(ctx, auth.scope, input.corpId, cfs);
  return {
    pending: Number(row.pending ?? 0),
    hq: Number(row.hq ?? 0),
    failed: Number(row.failed ?? 0),
    all: Number(row.all ?? 0),
  };
}
