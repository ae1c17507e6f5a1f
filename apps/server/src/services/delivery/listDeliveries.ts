import type { Delivery } from '@quill/core';
import type { AppContext } from '../../context.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { deliveryAnswers } from './deliveryAnswers.js';

/**
 * GET /api/jobs/deliveries: every delivery of a job, newest first (the job view's distribution
 * history, the failed queue's detail). Another tenant's job answers 404. Audited.
 */
export async function listDeliveries(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<Delivery[]> {
  const job = await requireJob(ctx, auth.scope, jobId);
  const list = await deliveryAnswers(ctx.database.db, auth.permissions, { jobId });
  await auditJob(ctx, auth, job, 'delivery.list.read', ip, { deliveries: list.length });
  return list;
}
