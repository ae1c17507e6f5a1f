import type { AppContext } from '../../context.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';

/**
 * POST /api/job/audioplayed?jobId= (issue 39 row 8): the player started playing the job's
 * dictation, audited as `job.audio.play` ("Played the audio"). Streaming the recording — which a
 * player does as soon as it loads, to read its length — is audited apart, as `job.audio.load`.
 * Another tenant's job is 404 like a missing one.
 */
export async function recordAudioPlayed(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<{ success: boolean }> {
  const job = await requireJob(ctx, auth.scope, jobId);
  await auditJob(ctx, auth, job, 'job.audio.play', ip);
  return { success: true };
}
