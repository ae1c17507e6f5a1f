import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJob } from '../jobAccess/requireJob.js';

/** GET /api/job/getjobversion: the job's current version (the editor compares it before a save). */
export async function getJobVersion(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
): Promise<{ version: number }> {
  const job = await requireJob(ctx, auth, jobId);
  return { version: job.version };
}
