import { canSeePatientName, type DocumentPatientAnswer, jobPatientFromAdt, message } from '@quill/core';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors/domainErrors.js';
import { jobAdtValues } from '../adt/jobAdtValues.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { currentDocument } from './currentDocument.js';
import { readDocumentPatient } from './holdQueue/holdQueueFacts.js';

/**
 * GET /api/job/GetDocumentPatient (issue 39): who the job's current document (CDA or Word) says
 * it is about, beside the job's own patient as its ADT data holds it — for the places a person
 * decides who the job is about. 404 for another company's job, 403 without a permission that
 * shows patient data; audited as a read of patient data.
 */
export async function getDocumentPatient(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<DocumentPatientAnswer> {
  const job = await requireJob(ctx, auth.scope, jobId);
  if (!canSeePatientName(auth.permissions)) throw forbidden(message('adt.noViewPermission'));
  const patient = await readDocumentPatient(ctx, await currentDocument(ctx.database.db, jobId));
  const named = patient && Object.values(patient).some((v) => v !== null) ? patient : null;
  await auditJob(ctx, auth, job, 'job.documentPatient.read', ip, { named: named !== null });
  return {
    jobId,
    documentPatient: named,
    jobPatient: jobPatientFromAdt(await jobAdtValues(ctx.database.db, job)),
  };
}
