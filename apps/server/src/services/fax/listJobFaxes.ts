import { canSeePatientName, type JobFax, message, RECIPIENT_KIND } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { faxRecordJobs, faxRecords } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';

/**
 * The faxes that carried a job (the caller has checked the job is the account's), oldest first:
 * each names its recipient and number as faxed and whether that recipient was one of the job's
 * own contacts. The patient as recipient is named only to accounts that may see patient names.
 */
export async function listJobFaxes(ctx: AppContext, auth: Auth, jobId: number): Promise<JobFax[]> {
  const rows = await ctx.database.db
    .select({ record: faxRecords, recipientId: faxRecordJobs.recipientId })
    .from(faxRecordJobs)
    .innerJoin(faxRecords, eq(faxRecords.id, faxRecordJobs.faxRecordId))
    .where(eq(faxRecordJobs.jobId, jobId))
    .orderBy(asc(faxRecords.createdAt), asc(faxRecords.id));
  const hidePatient = !canSeePatientName(auth.permissions);
  return rows.map(({ record, recipientId }) => ({
    recipientName:
      hidePatient && record.recipientType === RECIPIENT_KIND.Patient
        ? message('fax.patientRecipient')
        : record.recipientName,
    faxNumber: record.faxNumber,
    recipientType: record.recipientType,
    contactOfJob: recipientId !== null,
    status: record.status,
    createdDate: record.createdAt.toISOString(),
    sentDate: record.sentAt?.toISOString() ?? null,
  }));
}
