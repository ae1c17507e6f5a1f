import { message, RECIPIENT_KIND, STAGES } from '@quill/core';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import {
  accounts,
  auditLog,
  distributionErrors,
  distributions,
  faxRecords,
  jobs,
} from '../../db/schema/index.js';

/** A fax record with the jobs it carries (and the job's own recipient row it reached, if any). */
export interface FaxToRecord {
  record: typeof faxRecords.$inferSelect;
  jobs: { jobId: number; recipientId: number | null }[];
}

/** Audit rows for each job of the fax, written in the caller's transaction (no patient data). */
async function auditEach(
  tx: Tx,
  fax: FaxToRecord,
  action: string,
  outcome: 'success' | 'failure',
  detail: Record<string, unknown>,
) {
  const jobIds = fax.jobs.map((j) => j.jobId);
  const rows = await tx
    .select({ id: jobs.id, cs: jobs.corporateStructureId, patientId: jobs.patientId })
    .from(jobs)
    .where(inArray(jobs.id, jobIds));
  const accountId = fax.record.requestedByAccountId;
  const [account] = accountId
    ? await tx.select({ userId: accounts.userId }).from(accounts).where(eq(accounts.id, accountId))
    : [];
  await tx.insert(auditLog).values(
    rows.map((job) => ({
      action,
      outcome,
      userId: account?.userId ?? null,
      accountId,
      corporateStructureId: job.cs,
      jobId: job.id,
      patientId: job.patientId,
      detail: { faxRecordId: fax.record.id, ...detail },
    })),
  );
}

/**
 * Records a delivered fax, once: the record becomes sent (a record already sent is left alone and
 * answers false), each job gets the faxed indicator and a sent fax distribution, and each job an
 * audit row — all in one transaction.
 */
export async function recordFaxSent(ctx: AppContext, fax: FaxToRecord, reference: string): Promise<boolean> {
  const now = new Date();
  const jobIds = fax.jobs.map((j) => j.jobId);
  return ctx.database.db.transaction(async (tx) => {
    const updated = await tx
      .update(faxRecords)
      .set({ status: 'sent', sentAt: now, transportReference: reference.slice(0, 300), lastError: null })
      .where(and(eq(faxRecords.id, fax.record.id), notInArray(faxRecords.status, ['sent', 'failed'])))
      .returning({ id: faxRecords.id });
    if (updated.length === 0) return false;
    await tx.update(jobs).set({ faxed: true, updatedAt: now }).where(inArray(jobs.id, jobIds));
    await tx.insert(distributions).values(
      fax.jobs.map((j) => ({
        jobId: j.jobId,
        recipientId: j.recipientId,
        method: 'fax',
        status: 'sent',
        createdAt: fax.record.createdAt,
        completedAt: now,
      })),
    );
    await auditEach(tx, fax, 'fax.sent', 'success', { transport: fax.record.transport });
    return true;
  });
}

/**
 * Records a fax that will not be sent (retries used up, or a permanent error), once: the record
 * becomes failed with the reason, and each job gets a distribution error naming the recipient and
 * number (never the patient), a failed fax distribution and the Fax Failed stage, so it shows in
 * the failed queue (docs/domain.md).
 */
export async function recordFaxFailed(ctx: AppContext, fax: FaxToRecord, reason: string): Promise<boolean> {
  const now = new Date();
  const jobIds = fax.jobs.map((j) => j.jobId);
  const { record } = fax;
  const name =
    record.recipientType === RECIPIENT_KIND.Patient ? message('fax.patientRecipient') : record.recipientName;
  const description = message('fax.distributionError', { name, number: record.faxNumber, reason });
  return ctx.database.db.transaction(async (tx) => {
    const updated = await tx
      .update(faxRecords)
      .set({ status: 'failed', lastError: reason })
      .where(and(eq(faxRecords.id, record.id), notInArray(faxRecords.status, ['sent', 'failed'])))
      .returning({ id: faxRecords.id });
    if (updated.length === 0) return false;
    await tx
      .update(jobs)
      .set({ stageId: STAGES.faxFailed.id, updatedAt: now })
      .where(inArray(jobs.id, jobIds));
    await tx
      .insert(distributionErrors)
      .values(jobIds.map((jobId) => ({ jobId, description, createdAt: now })));
    await tx.insert(distributions).values(
      fax.jobs.map((j) => ({
        jobId: j.jobId,
        recipientId: j.recipientId,
        method: 'fax',
        status: 'failed',
        createdAt: record.createdAt,
        completedAt: now,
      })),
    );
    await auditEach(tx, fax, 'fax.failed', 'failure', { transport: record.transport });
    return true;
  });
}
