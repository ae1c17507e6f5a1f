import { type CanAccessJob, message } from '@quill/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/httpError.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJob } from '../jobs/requireJob.js';

/**
 * GET /api/job/canaccessjob: whether the account may open the job — it needs jobView and the
 * job's corporate structure; a missing job and another tenant's job answer the same.
 */
export async function canAccessJob(ctx: AppContext, auth: Auth, jobId: number): Promise<CanAccessJob> {
  if (!auth.permissions.has('jobView')) return { canAccess: false, reason: message('job.noViewPermission') };
  try {
    await requireJob(ctx, auth, jobId);
    return { canAccess: true };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404)
      return { canAccess: false, reason: message('job.accessDenied') };
    throw err;
  }
}
