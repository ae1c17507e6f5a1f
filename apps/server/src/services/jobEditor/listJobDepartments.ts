import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { departments } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';

/** GET /api/job/getDepartmentsByJobId/{id}: the departments of the job's client facility. */
export async function listJobDepartments(ctx: AppContext, auth: Auth, jobId: number, ip: string | null) {
  const job = await requireJob(ctx, auth.scope, jobId);
  await auditJob(ctx, auth, job, 'job.departments.read', ip);
  return ctx.database.db
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.clientFacilityId, job.clientFacilityId))
    .orderBy(asc(departments.name), asc(departments.id));
}
