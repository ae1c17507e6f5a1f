import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobs } from '../../db/schema/index.js';
import { about, notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/resolveSession.js';

/**
 * What a refused job access is about, for its audit row: the id asked for and, when the job
 * exists (another tenant's), its structure and patient, so that tenant's trail shows the attempt.
 */
export function subjectOf(
  jobId: number,
  job: Pick<typeof jobs.$inferSelect, 'corporateStructureId' | 'patientId'> | undefined,
) {
  return {
    jobId,
    corporateStructureId: job?.corporateStructureId ?? null,
    patientId: job?.patientId ?? null,
  };
}

/**
 * The 404 of a job the account may not see (missing, or another tenant's: no leak), about the job
 * for its audit row; for a call that read the job its own way (one statement with its write).
 */
export function jobNotFound(
  jobId: number,
  job: Pick<typeof jobs.$inferSelect, 'corporateStructureId' | 'patientId'> | undefined,
) {
  return about(notFound(`Job ${jobId} was not found.`), subjectOf(jobId, job));
}

/** The job, when the selected account may see its corporate structure; 404 otherwise (no leak). */
export async function requireJob(ctx: AppContext, auth: Auth, jobId: number) {
  const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job || !auth.corporateStructureIds.includes(job.corporateStructureId)) throw jobNotFound(jobId, job);
  return job;
}
