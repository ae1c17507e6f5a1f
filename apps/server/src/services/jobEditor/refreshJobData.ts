import {
  applyWorkTypeToRecipients,
  canSeePatientName,
  type JobDataRequest,
  keptDetails,
  type RefreshJobDataResult,
} from '@quill/core';
import type { AppContext } from '../../context.js';
import { refreshedJobAdt } from '../adt/refreshJobAdt.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJob } from '../jobAccess/requireJob.js';
import { jobDataOf } from './getJobData.js';
import { loadPhysicians, loadWorkType, toRecipient, toWorkType } from './jobRows.js';
import { checkJobData } from './writeJobData.js';

/**
 * POST /api/job/RefreshJobData: the job data derived from posted fields without saving them — the
 * chosen work type with its addressee limits, and the recipients as that work type allows them
 * (spec 02 §4 "Work type change") — and the job's ADT as it would be: the posted values, physician
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
  const job = await requireJob(ctx, auth, request.jobId);
  const db = ctx.database.db;
  const checked = await checkJobData(db, auth, job, request);
  const stored = await jobDataOf(db, job);
  const workType = request.workTypeId ? await loadWorkType(db, job, request.workTypeId) : undefined;
  let recipients = stored.recipients;
  if (request.recipients) {
    const byId = new Map(stored.recipients.map((r) => [r.id, r]));
    const physicians = await loadPhysicians(
      db,
      job.corporateStructureId,
      request.recipients.map((r) => r.physicianId ?? null),
    );
    recipients = request.recipients.map((p, ordinal) => {
      const known = p.id !== undefined ? byId.get(p.id) : undefined;
      if (known) return { ...known, isAddressee: p.isAddressee, isPatient: p.isPatient, removed: p.removed };
      const physicianId = p.physicianId ?? null;
      return toRecipient(
        {
          id: 0,
          jobId: job.id,
          physicianId,
          isAddressee: p.isAddressee,
          isPatient: p.isPatient,
          auto: false,
          removed: p.removed,
          capacityCode: null,
          capacityDescription: null,
          distributionMethod: 'print',
          custom: keptDetails(p.custom),
          ordinal,
        },
        physicianId ? physicians.get(physicianId) : undefined,
      );
    });
  }
  if (workType) recipients = applyWorkTypeToRecipients(recipients, workType);
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
