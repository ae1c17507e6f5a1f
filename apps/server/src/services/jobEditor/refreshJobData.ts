import { applyWorkTypeToRecipients, type JobData, type SetJobDataRequest } from '@quill/core';
import type { AppContext } from '../../context.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJob } from '../jobAccess/requireJob.js';
import { jobDataOf } from './getJobData.js';
import { loadPhysicians, loadWorkType, toRecipient, toWorkType } from './jobRows.js';
import { checkJobData } from './writeJobData.js';

/**
 * POST /api/job/RefreshJobData: the job data derived from posted fields without saving them — the
 * chosen work type with its addressee limits, and the recipients as that work type allows them
 * (spec 02 §4 "Work type change"). Posted ids are checked as a save checks them (400).
 */
export async function refreshJobData(
  ctx: AppContext,
  auth: Auth,
  request: SetJobDataRequest,
  ip: string | null,
): Promise<JobData> {
  const job = await requireJob(ctx, auth, request.jobId);
  const db = ctx.database.db;
  await checkJobData(db, auth, job, request);
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
          custom: p.custom ?? null,
          ordinal,
        },
        physicianId ? physicians.get(physicianId) : undefined,
      );
    });
  }
  if (workType) recipients = applyWorkTypeToRecipients(recipients, workType);
  await auditJob(ctx, auth, job, 'job.data.refresh', ip);
  return {
    ...stored,
    ...request,
    recipients,
    workType: workType ? toWorkType(workType) : null,
  };
}
