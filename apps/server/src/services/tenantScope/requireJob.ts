import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobs } from '../../db/schema/index.js';
import { about, notFound } from '../../errors/domainErrors.js';
import { mayAccess } from './mayAccess.js';
import type { TenantScope } from './tenantScope.js';

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

/** The 404 of a job that does not exist or is another tenant's, with what its audit row names. */
export function jobNotFound(jobId: number, job: Parameters<typeof subjectOf>[1]) {
  return about(notFound(`Job ${jobId} was not found.`), subjectOf(jobId, job));
}

/** Whether the scope (the selected account's) may see a job of this corporate structure. */
export function mayAccessJob(scope: TenantScope, job: { corporateStructureId: number }) {
  return mayAccess(scope, job.corporateStructureId);
}

/**
 * A job already read (or undefined: none), when the selected account may see it; 404 otherwise (no
 * leak) — for a caller that reads the job with more in one statement, or under a lock.
 */
export function requireVisibleJob<
  J extends Parameters<typeof subjectOf>[1] & { corporateStructureId: number },
>(scope: TenantScope, jobId: number, job: J | undefined): J {
  if (!job || !mayAccessJob(scope, job)) throw jobNotFound(jobId, job);
  return job;
}

/** The job, when the selected account may see its corporate structure; 404 otherwise (no leak). */
export async function requireJob(ctx: AppContext, scope: TenantScope, jobId: number) {
  const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
  return requireVisibleJob(scope, jobId, job);
}
