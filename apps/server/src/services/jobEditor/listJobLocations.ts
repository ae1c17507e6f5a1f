import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { locations } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';

/** GET /api/job/getLocationsByJobId/{id}: the locations of the job's client facility. */
export async function listJobLocations(ctx: AppContext, auth: Auth, jobId: number, ip: string | null) {
  const job = await requireJob(ctx, auth.scope, jobId);
  await auditJob(ctx, auth, job, 'job.locations.read', ip);
  return ctx.database.db
    .select({ id: locations.id, code: locations.code, name: locations.name, auto: locations.auto })
    .from(locations)
    .where(eq(locations.clientFacilityId, job.clientFacilityId))
    .orderBy(asc(locations.name), asc(locations.id));
}
