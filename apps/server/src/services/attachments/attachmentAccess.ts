import { canSeePatientName, message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, jobs } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { mayAccess, requireInScope } from '../tenantScope/mayAccess.js';

/**
 * Who may use the attachments service (docs/decisions.md "Attachments (issue 22)"): attachments
 * are patient documents shown in a job's Patient Details card, so the account needs what that
 * card needs — jobView (spec 02 §6 "needed to load a job") and a permission that shows patient
 * data (adtView, adtEdit or jobEditAdt). Checked when the credential is issued and again at every
 * use, so a permission taken away stops a credential already given.
 */
export function requireAttachmentAccess(auth: Auth): void {
  if (!auth.permissions.has('jobView') || !canSeePatientName(auth.permissions)) {
    throw forbidden(message('attachments.noPermission'));
  }
}

/** The client facility, when it is in a corporate structure the account may see; 404 otherwise. */
export async function requireAttachmentFacility(ctx: AppContext, auth: Auth, clientFacilityId: number) {
  const [cf] = await ctx.database.db
    .select({
      id: clientFacilities.id,
      corporateStructureId: clientFacilities.corporateStructureId,
    })
    .from(clientFacilities)
    .where(eq(clientFacilities.id, clientFacilityId));
  requireInScope(auth.scope, cf?.corporateStructureId, () =>
    notFound(message('attachments.facilityNotFound', { id: clientFacilityId })),
  );
  return cf;
}

/**
 * The job whose patient's files a search lists (issue 39): a job of that client facility, in a
 * corporate structure the account may see; 404 otherwise, as for a missing one.
 */
export async function requireAttachmentJob(
  ctx: AppContext,
  auth: Auth,
  clientFacilityId: number,
  jobId: number,
) {
  const [job] = await ctx.database.db
    .select({
      id: jobs.id,
      corporateStructureId: jobs.corporateStructureId,
      clientFacilityId: jobs.clientFacilityId,
      patientId: jobs.patientId,
      visitId: jobs.visitId,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job || job.clientFacilityId !== clientFacilityId || !mayAccess(auth.scope, job.corporateStructureId)) {
    throw notFound(message('attachments.jobNotFound', { id: jobId, facilityId: clientFacilityId }));
  }
  return job;
}
