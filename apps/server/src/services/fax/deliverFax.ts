import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { faxRecordJobs, faxRecords } from '../../db/schema/index.js';
import { type FaxToRecord, recordFaxFailed, recordFaxSent } from './recordFaxOutcome.js';
import { isPermanent, reasonOf, sendFaxOnce } from './sendFaxOnce.js';
import type { FaxTransport } from './transports/faxTransport.js';

/** What one try did: sent (now or found sent earlier), failed for good, or nothing to do. */
export type DeliveryOutcome = 'sent' | 'failed' | 'skipped';

/**
 * One try at one fax record (the sendFax task). A record already sent or failed is left alone.
 * Otherwise the transport is asked first whether this key was delivered before (a crash between
 * delivering and recording), and only when it was not is the PDF built and sent. The outcome is
 * then recorded once. A transient error throws, so pg-boss retries with backoff; on the final try,
 * or for a permanent error, the failure is recorded instead (and the job shows as failed).
 */
export async function deliverFax(
  ctx: AppContext,
  faxRecordId: number,
  opts: { transport: FaxTransport; finalAttempt: boolean },
): Promise<DeliveryOutcome> {
  const { db } = ctx.database;
  const [record] = await db.select().from(faxRecords).where(eq(faxRecords.id, faxRecordId));
  if (!record) {
    ctx.log.warn({ faxRecordId }, 'fax: no such fax record');
    return 'skipped';
  }
  if (record.status === 'sent' || record.status === 'failed') return 'skipped';
  const fax: FaxToRecord = {
    record,
    jobs: await db
      .select({ jobId: faxRecordJobs.jobId, recipientId: faxRecordJobs.recipientId })
      .from(faxRecordJobs)
      .where(eq(faxRecordJobs.faxRecordId, faxRecordId))
      .orderBy(asc(faxRecordJobs.ordinal)),
  };
  const jobIds = fax.jobs.map((j) => j.jobId);
  const { transport } = opts;
  await db
    .update(faxRecords)
    .set({ status: 'sending', attempts: sql`${faxRecords.attempts} + 1`, transport: transport.name })
    .where(and(eq(faxRecords.id, faxRecordId), notInArray(faxRecords.status, ['sent', 'failed'])));

  let reference: string;
  let repeated: boolean;
  try {
    ({ reference, repeated } = await sendFaxOnce(
      ctx,
      {
        id: faxRecordId,
        idempotencyKey: record.idempotencyKey,
        recipientName: record.recipientName,
        faxNumber: record.faxNumber,
        jobIds,
      },
      transport,
    ));
  } catch (err) {
    const reason = reasonOf(err);
    if (isPermanent(err) || opts.finalAttempt) {
      await recordFaxFailed(ctx, fax, reason);
      ctx.log.warn(
        { faxRecordId, jobIds, transport: transport.name, permanent: isPermanent(err) },
        'fax failed',
      );
      return 'failed';
    }
    await db.update(faxRecords).set({ lastError: reason }).where(eq(faxRecords.id, faxRecordId));
    ctx.log.info({ faxRecordId, transport: transport.name }, 'fax try failed; it will be retried');
    throw err;
  }
  // A failure to record throws too: the retry finds the delivery and records it then.
  await recordFaxSent(ctx, fax, reference);
  ctx.log.info({ faxRecordId, jobIds, transport: transport.name, repeated }, 'fax sent');
  return 'sent';
}
