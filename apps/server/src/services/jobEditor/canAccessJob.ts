import { type CanAccessJob, message } from '@quill/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accountCorporateAccess, accounts, jobs } from '../../db/schema/index.js';
import { isDomainError } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { accessCounts } from '../auth/structureAccess.js';
import { requireJob } from '../tenantScope/requireJob.js';

/**
 * GET /api/job/canaccessjob: whether the account may open the job — it needs jobView and the
 * job's corporate structure. A job that exists in a corporate structure another of the user's own
 * accounts may see answers "not permitted" (spec 02 §8; switching account opens it); a missing job
 * and one no account of this user may see answer 404, so nothing about it is told.
 */
export async function canAccessJob(ctx: AppContext, auth: Auth, jobId: number): Promise<CanAccessJob> {
  if (!auth.permissions.has('jobView')) return { canAccess: false, reason: message('job.noViewPermission') };
  try {
    await requireJob(ctx, auth.scope, jobId);
    return { canAccess: true };
  } catch (err) {
    if (isDomainError(err, 'notFound') && (await seenByOtherAccount(ctx, auth, jobId)))
      return { canAccess: false, reason: message('job.accessDenied') };
    throw err;
  }
}

/** True when the job exists and another live account of the same user may see its structure. */
async function seenByOtherAccount(ctx: AppContext, auth: Auth, jobId: number): Promise<boolean> {
  const rows = await ctx.database.db
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(
      accountCorporateAccess,
      eq(accountCorporateAccess.corporateStructureId, jobs.corporateStructureId),
    )
    .innerJoin(accounts, eq(accounts.id, accountCorporateAccess.accountId))
    .where(
      and(eq(jobs.id, jobId), eq(accounts.userId, auth.userId), isNull(accounts.disabledAt), accessCounts()),
    )
    .limit(1);
  return rows.length > 0;
}
