import type { JobCounts } from '@quill/core';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/resolveSession.js';
import { facilityList } from './jobListSql.js';
import { requireFacilities } from './scope.js';

/** GET /api/jobs/getcounts: pending, hq, failed and all for a batch of client facilities. */
export async function getJobCounts(
  ctx: AppContext,
  auth: Auth,
  input: { corpId: number; cfs: readonly number[] },
): Promise<JobCounts> {
  const cfs = await requireFacilities(ctx, auth, input.corpId, input.cfs);
  const result = await ctx.database.db.execute(sql`
    select count(*) filter (where on_manual_list and cleared_at is null)::int as pending,
           count(*) filter (where stage_id = 3)::int as hq,
           count(*) filter (where stage_id between 4 and 7)::int as failed,
           count(*)::int as "all"
    from jobs
    where corporate_structure_id = ${input.corpId} and client_facility_id in (${facilityList(cfs)})`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    pending: Number(row.pending ?? 0),
    hq: Number(row.hq ?? 0),
    failed: Number(row.failed ?? 0),
    all: Number(row.all ?? 0),
  };
}
