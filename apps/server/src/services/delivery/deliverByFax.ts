import { message, normaliseFaxNumber } from '@quill/core';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { distributions, faxRecordJobs, faxRecords } from '../../db/schema/index.js';
import { sendFaxOnce } from '../fax/sendFaxOnce.js';
import { type FaxTransport, PermanentFaxError } from '../fax/transports/faxTransport.js';
import { deliveryContact } from './deliveryContact.js';

type Delivery = typeof distributions.$inferSelect;

/**
 * The fax record of a fax delivery: the one it made before (a retry, or a Redirect that typed a
 * number), or a new one addressed to the recipient's stored fax number with the delivery key as
 * its idempotency key (one per delivery however often this runs). A recipient without a valid
 * number fails the delivery at once (spec 01 §5: no fax flag).
 */
async function faxRecordOf(ctx: AppContext, d: Delivery, transport: FaxTransport) {
  const { db } = ctx.database;
  if (d.faxRecordId !== null) {
    const [record] = await db.select().from(faxRecords).where(eq(faxRecords.id, d.faxRecordId));
    if (record) return record;
  }
  const contact = await deliveryContact(db, d.recipientId, { showPatient: true });
  const number = normaliseFaxNumber(contact?.faxNumber);
  if (!contact || !number) throw new PermanentFaxError(message('delivery.noFaxNumberPlain'));
  const key = d.deliveryKey ?? `delivery-${d.id}`;
  return db.transaction(async (tx) => {
    await tx
      .insert(faxRecords)
      .values({
        jobId: d.jobId,
        idempotencyKey: key,
        recipientName: contact.name,
        faxNumber: number,
        recipientType: contact.recipientType,
        status: 'queued',
        transport: transport.name,
      })
      .onConflictDoNothing({ target: faxRecords.idempotencyKey });
    const [record] = await tx.select().from(faxRecords).where(eq(faxRecords.idempotencyKey, key));
    await tx
      .insert(faxRecordJobs)
      .values({ faxRecordId: record!.id, jobId: d.jobId, ordinal: 0, recipientId: d.recipientId })
      .onConflictDoNothing();
    await tx.update(distributions).set({ faxRecordId: record!.id }).where(eq(distributions.id, d.id));
    return record!;
  });
}

/**
 * One try at a fax delivery: its fax record, then the fax through the configured transport (the
 * cover sheet and the distributed PDF, services/fax/sendFaxOnce.ts) at most once per key. Answers
 * the transport's reference; throws what failed (the caller decides on a retry).
 */
export async function deliverByFax(ctx: AppContext, d: Delivery, transport: FaxTransport): Promise<string> {
  const record = await faxRecordOf(ctx, d, transport);
  await ctx.database.db
    .update(faxRecords)
    .set({ status: 'sending', attempts: sql`${faxRecords.attempts} + 1`, transport: transport.name })
    .where(eq(faxRecords.id, record.id));
  const { reference } = await sendFaxOnce(
    ctx,
    {
      id: record.id,
      idempotencyKey: record.idempotencyKey,
      recipientName: record.recipientName,
      faxNumber: record.faxNumber,
      jobIds: [d.jobId],
      preliminary: d.preliminary,
    },
    transport,
  );
  return reference;
}
