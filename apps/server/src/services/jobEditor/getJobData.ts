import type { JobData } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { jobs } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJob } from '../jobAccess/requireJob.js';
import { loadFlags, loadRecipients, loadWorkType, toWorkType } from './jobRows.js';

/** The job data of a stored job (the shape setjobdata takes back, with what it derives from). */
export async function jobDataOf(db: Db, job: typeof jobs.$inferSelect): Promise<JobData> {
  const workType = job.workTypeId ? await loadWorkType(db, job, job.workTypeId) : undefined;
  return {
    jobId: job.id,
    dictator: job.dictatorId,
    dictatedFor: job.dictatedForId,
    stat: job.stat === 'U' || job.stat === 'M' ? job.stat : null,
    workTypeId: job.workTypeId,
    department: job.departmentId,
    location: job.locationId,
    skipPrint: job.skipPrint,
    skipExport: job.skipExport,
    forceResign: job.forceResign,
    isProtected: job.isProtected,
    jobNote: job.jobNote,
    stageId: job.stageId,
    companyId: job.clientFacilityId,
    componentType: job.componentType,
    isPreTranscription: job.isPreTranscription,
    version: job.version,
    workType: workType ? toWorkType(workType) : null,
    recipients: await loadRecipients(db, job),
    holdQueueFlags: await loadFlags(db, job.id),
  };
}

/** GET /api/job/getjobdata: the job-data part of the save payload, as stored. Audited. */
export async function getJobData(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<JobData> {
  const job = await requireJob(ctx, auth, jobId);
  const data = await jobDataOf(ctx.database.db, job);
  await auditJob(ctx, auth, job, 'job.data.read', ip);
  return data;
}
