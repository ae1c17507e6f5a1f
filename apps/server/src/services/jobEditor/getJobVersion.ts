import type { AppContext } from '../../context.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { loadJobVersion } from './loadJobWith.js';

/** GET /api/job/getjobversion: the job's current version (the editor compares it before a save). */
export async function getJobVersion(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<{ version: number }> {
  const job = await loadJobVersion(ctx, auth, jobId);
  await auditJob(ctx, auth, job, 'job.version.read', ip);
  return { version: job.version };
}
