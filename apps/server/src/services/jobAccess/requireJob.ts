import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobs } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/resolveSession.js';

/** The job, when the selected account may see its corporate structure; 404 otherwise (no leak). */
export async function requireJob(ctx: AppContext, auth: Auth, jobId: number) {
  const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job || !auth.corporateStructureIds.includes(job.corporateStructureId)) {
    throw notFound(`Job ${jobId} was not found.`);
  }
  return job;
}
