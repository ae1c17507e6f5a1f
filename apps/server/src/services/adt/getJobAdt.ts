import type { JobAdt } from '@quill/core';
import type { AppContext } from '../../context.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { jobAdtOf } from './jobAdtAnswer.js';

/**
 * GET /api/job/getadtdata: the job's patient, visit and order data with the facility's
 * definitions, order template and searches (404 for another tenant's job). The route lets only
 * accounts that may see patient data call it (adtView, adtEdit or jobEditAdt). Audited.
 */
export async function getJobAdt(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<JobAdt> {
  const job = await requireJob(ctx, auth.scope, jobId);
  const adt = await jobAdtOf(ctx.database.db, job);
  await auditJob(ctx, auth, job, 'adt.read', ip, {
    visitId: job.visitId,
    orders: adt.orderData.length,
  });
  return adt;
}
