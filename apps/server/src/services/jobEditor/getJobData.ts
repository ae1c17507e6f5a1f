import type { JobData } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { recipientsOf, workTypeOf } from './jobRows.js';
import { stampedJobAnswer } from './jobViewCache.js';
import { type JobWithData, loadJobData } from './loadJobWith.js';

/** The job data of a stored job (the shape setjobdata takes back, with what it derives from). */
export function jobDataOf(job: JobWithData): JobData {
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
    workType: workTypeOf(job),
    recipients: recipientsOf(job),
    holdQueueFlags: job.flags,
  };
}

/**
 * GET /api/job/getjobdata: the job-data part of the save payload, as stored: from memory while the
 * job's stamp holds (jobViewCache.ts), otherwise one statement. Audited either way.
 */
export async function getJobData(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<JobData> {
  return stampedJobAnswer(ctx, auth, jobId, 'data', { action: 'job.data.read', ip }, async () => {
    const job = await loadJobData(ctx, auth, jobId);
    return { job, answer: jobDataOf(job) };
  });
}
