import { canSeePatientName, type JobDataRequest, type RefreshJobDataResult } from '@quill/core';
import type { AppContext } from '../../context.js';
import { refreshedJobAdt } from '../adt/refreshJobAdt.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { jobDataOf } from './getJobData.js';
import { loadPhysicians, toRecipient, toWorkType } from './jobRows.js';
import { loadJobData } from './loadJobWith.js';
import { checkJobData } from './writeJobData.js';

/**
 * POST /api/job/RefreshJobData: the job data derived from posted fields without saving them — the
 * chosen work type with its addressee limits, and the recipients as that work type allows them
 * (spec 02 §4 "Work type change"; what the work type still refuses answers 400, as a save would)
 * — and the job's ADT as it would be: the posted values, physician
 * items and orders, the items that follow the dictator or dictated-for following the posted ones
 * (services/adt/refreshJobAdt). Posted data is checked as a save checks it (400, 403 for changes
 * without jobEditAdt). `adt` is null without a permission that shows patient data. Audited.
 */
export async function refreshJobData(
  ctx: AppContext,
  auth: Auth,
  request: JobDataRequest,
  ip: string | null,
): Promise<RefreshJobDataResult> {
  const job = await requireJob(ctx, auth.scope, request.jobId);
  const db = ctx.database.db;
  const checked = await checkJobData(db, auth, job, request, 'refresh');
  const stored = jobDataOf(await loadJobData(ctx, auth, job.id));
  const directory = await loadPhysicians(
    db,
    job.corporateStructureId,
    checked.recipients.map((r) => r.physicianId),
  );
  const recipients = checked.recipients.map((r) =>
    toRecipient(r, r.physicianId === null ? undefined : directory.get(r.physicianId)),
  );
  const workType = checked.workType;
  const adt = canSeePatientName(auth.permissions)
    ? await refreshedJobAdt(db, job, request, checked.adt)
    : null;
  await auditJob(ctx, auth, job, 'job.data.refresh', ip, { adt: adt !== null });
  // The ADT parts travel in `adt`, as the job's ADT reads, not as they were posted.
  const { inputAdtData, orderData, hl7Physician, ...fields } = request;
  void [inputAdtData, orderData, hl7Physician];
  return {
    ...stored,
    ...fields,
    recipients,
    workType: workType ? toWorkType(workType) : null,
    adt,
  };
}
