import { SAVE_MODES } from '@quill/core';
import { adtChangeSummary, adtPlanChanges } from '../adt/planJobAdt.js';
import { auditJob } from '../audit/auditJob.js';
import { refuseSaveModeOutsideLimits } from '../jobEditor/plannedRecipients.js';
import { checkJobData, jobDataColumns, writeJobDataRows } from '../jobEditor/writeJobData.js';
import type { Job, JobColumns, SaveStep } from './saveRequest.js';

/** The job as a save's steps leave it so far: its columns to write, and the row as they make it. */
export interface SavedJob {
  columns: JobColumns;
  after: Job;
}

/** What the job-data step leaves: the job, and the recipients it checked (null: none sent). */
export interface AppliedJobData extends SavedJob {
  liveRecipients: readonly { distributionMethod: string; removed: boolean }[] | null;
}

/**
 * Step 2 of a save's transaction: the job data with its ADT and recipients (400/403; Move On and
 * Finish only with the addressees within the work type's limits, 400 — spec 02 §5). Its rows are
 * written here, the job's own columns are returned for the save's one update; an ADT change writes
 * its own 'adt.save' audit row, a recipient change its 'job.recipients.save' row. No job data sent:
 * the job as locked.
 */
export async function applyJobData(
  { ctx, tx, auth, req, ip }: SaveStep,
  locked: Job,
): Promise<AppliedJobData> {
  if (!req.jobData) return { columns: {}, after: locked, liveRecipients: null };
  const limitsApply = req.mode === SAVE_MODES.moveOn || req.mode === SAVE_MODES.finish;
  const checked = await checkJobData(tx, auth, locked, req.jobData, 'save', { workType: limitsApply });
  refuseSaveModeOutsideLimits(locked, req.mode, checked.recipients, checked.workType);
  const recipientChanges = await writeJobDataRows(tx, auth, locked, checked, auth.username);
  const columns = jobDataColumns(locked, checked);
  if (adtPlanChanges(checked.adt))
    await auditJob(ctx, auth, locked, 'adt.save', ip, adtChangeSummary(checked.adt), tx);
  if (recipientChanges)
    await auditJob(ctx, auth, locked, 'job.recipients.save', ip, { ...recipientChanges }, tx);
  return { columns, after: { ...locked, ...columns } as Job, liveRecipients: checked.recipients };
}
