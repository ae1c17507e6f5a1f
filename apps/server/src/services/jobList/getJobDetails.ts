import type { JobDetails } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { distributionErrors } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { listJobFaxes } from '../fax/listJobFaxes.js';
import { facilityTimeZone } from '../jobAccess/facilityTimeZone.js';
import { requireJob } from '../tenantScope/requireJob.js';

/** GET /api/jobs/jobdetails: the expandable row's details: the job's distribution errors and faxes. */
export async function getJobDetails(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<JobDetails> {
  const job = await requireJob(ctx, auth.scope, jobId);
  const errors = await ctx.database.db
    .select()
    .from(distributionErrors)
    .where(eq(distributionErrors.jobId, jobId))
    .orderBy(asc(distributionErrors.createdAt));
  const faxes = await listJobFaxes(ctx, auth, jobId);
  await auditJob(ctx, auth, job, 'job.details.read', ip);
  return {
    jobId,
    distributionErrors: errors.map((e) => ({
      description: e.description,
      createdDate: e.createdAt.toISOString(),
    })),
    timeZone: await facilityTimeZone(ctx, job.clientFacilityId),
    faxes,
  };
}
