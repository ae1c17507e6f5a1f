import type { CopyType } from '@quill/core';
import type { AppContext } from '../../context.js';
import { printEvents } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJobs } from '../tenantScope/requireJobs.js';

/**
 * POST /api/jobs/printed (spec 01 §4 "Sent for printing"): records that the jobs were printed with
 * a copy type — one print_events row and one audit row per job. Every job is checked first; one
 * the account may not see answers 404 and nothing is recorded.
 */
export async function markJobsPrinted(
  ctx: AppContext,
  auth: Auth,
  req: { jobIds: readonly number[]; copiesType: CopyType; ip: string | null },
): Promise<{ recorded: number }> {
  const found = await requireJobs(ctx, auth.scope, req.jobIds);
  const accountId = auth.accountId!;
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .insert(printEvents)
      .values(found.map((job) => ({ jobId: job.id, accountId, copiesType: req.copiesType })));
  });
  for (const job of found) {
    await auditJob(ctx, auth, job, 'job.printed', req.ip, { copiesType: req.copiesType });
  }
  return { recorded: found.length };
}
