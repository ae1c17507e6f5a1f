import {
  type FaxCopy,
  faxCopyOf,
  message,
  normaliseFaxNumber,
  sharedFaxKey,
  sharedFaxStep,
} from '@quill/core';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { distributions, faxRecordJobs, faxRecords } from '../../db/schema/index.js';
import { sendFaxOnce } from '../fax/sendFaxOnce.js';
import { type FaxTransport, PermanentFaxError } from '../fax/transports/faxTransport.js';
import { deliveryContact } from './deliveryContact.js';
import { lockJobOf } from './recordDeliveryOutcome.js';

type Delivery = typeof distributions.$inferSelect;
type FaxRecord = typeof faxRecords.$inferSelect;

/** A fax delivery's fax as planned: its key, the number, the names on its cover, and who shares it. */
interface PlannedFax {
  key: string;
  number: string;
  recipientName: string;
  recipientType: string;
  /** Null: the delivery's fax is its own. */
  copy: FaxCopy | null;
}

const isRedirect = (d: Pick<Delivery, 'deliveryKey'>) => d.deliveryKey?.endsWith('-redirect') === true;

/**
 * The fax of a delivery to its recipient's stored number (spec 01 §5: a recipient without a valid
 * number fails at once). The fax deliveries of one job version at one number share one fax (core
 * faxCopyOf, "one number gets one fax"): its key is the number's (core sharedFaxKey) and its cover
 * names every recipient at the number. A delivery alone at its number (and a redirect) keeps a fax
 * of its own, keyed by the delivery.
 */
async function plannedFax(ctx: AppContext, d: Delivery): Promise<PlannedFax> {
  const { db } = ctx.database;
  const own = await deliveryContact(db, d.recipientId, { showPatient: true });
  const number = normaliseFaxNumber(own?.faxNumber);
  if (!own || !number) throw new PermanentFaxError(message('delivery.noFaxNumberPlain'));
  const alone = { key: d.deliveryKey ?? `delivery-${d.id}`, number, copy: null };
  if (d.jobVersion === null || isRedirect(d))
    return { ...alone, recipientName: own.name, recipientType: own.recipientType };
  const siblings = (
    await db
      .select({
        id: distributions.id,
        recipientId: distributions.recipientId,
        key: distributions.deliveryKey,
      })
      .from(distributions)
      .where(
        and(
          eq(distributions.jobId, d.jobId),
          eq(distributions.jobVersion, d.jobVersion),
          eq(distributions.preliminary, d.preliminary),
          eq(distributions.method, 'fax'),
          ne(distributions.status, 'redirected'),
        ),
      )
  ).filter((s) => !isRedirect({ deliveryKey: s.key }));
  const contacts = new Map<number, Awaited<ReturnType<typeof deliveryContact>>>();
  for (const s of siblings) {
    contacts.set(s.id, s.id === d.id ? own : await deliveryContact(db, s.recipientId, { showPatient: true }));
  }
  const copy = faxCopyOf(
    siblings.map((s) => ({ ...s, faxNumber: normaliseFaxNumber(contacts.get(s.id)?.faxNumber) })),
    d.id,
  );
  if (!copy || copy.deliveryIds.length < 2)
    return { ...alone, recipientName: own.name, recipientType: own.recipientType };
  const names = copy.deliveryIds.map((id) => contacts.get(id)?.name).filter((n): n is string => !!n);
  const lead = contacts.get(copy.leadId) ?? own;
  return {
    key: sharedFaxKey({
      jobId: d.jobId,
      jobVersion: d.jobVersion,
      preliminary: d.preliminary,
      faxNumber: number,
    }),
    number,
    recipientName: [...new Set(names)].join('; '),
    recipientType: lead.recipientType,
    copy,
  };
}

/**
 * The delivery's fax record, linked to it: a Redirect's typed number keeps the record made for it;
 * otherwise the record of its planned fax, made once per key (the first delivery to get there makes
 * it; the lead's recipient is the one the record reached). Answers it as the delivery found it,
 * read under the job's lock — the lead records its outcome under the same lock, so a delivery
 * that links itself either sees the outcome here or is settled with it (recordDeliveryOutcome.ts).
 */
async function linkFaxRecord(
  ctx: AppContext,
  d: Delivery,
  transport: FaxTransport,
): Promise<{ record: FaxRecord; fax: PlannedFax | null }> {
  const { db } = ctx.database;
  if (d.faxRecordId !== null && isRedirect(d)) {
    const [record] = await db.select().from(faxRecords).where(eq(faxRecords.id, d.faxRecordId));
    if (record) return { record, fax: null };
  }
  const fax = await plannedFax(ctx, d);
  const leadId = fax.copy?.leadId ?? d.id;
  const [lead] =
    leadId === d.id ? [d] : await db.select().from(distributions).where(eq(distributions.id, leadId));
  return db.transaction(async (tx) => {
    await lockJobOf(tx, d.id);
    await tx
      .insert(faxRecords)
      .values({
        jobId: d.jobId,
        idempotencyKey: fax.key,
        recipientName: fax.recipientName,
        faxNumber: fax.number,
        recipientType: fax.recipientType,
        status: 'queued',
        transport: transport.name,
      })
      .onConflictDoNothing({ target: faxRecords.idempotencyKey });
    const [record] = await tx.select().from(faxRecords).where(eq(faxRecords.idempotencyKey, fax.key));
    await tx
      .insert(faxRecordJobs)
      .values({ faxRecordId: record!.id, jobId: d.jobId, ordinal: 0, recipientId: lead?.recipientId ?? null })
      .onConflictDoNothing();
    await tx.update(distributions).set({ faxRecordId: record!.id }).where(eq(distributions.id, d.id));
    return { record: record!, fax };
  });
}

/**
 * One try at a fax delivery: its fax record, then — when it sends the fax (alone at its number, or
 * the lead of the deliveries sharing it) — the fax through the configured transport (the cover
 * sheet and the distributed PDF, services/fax/sendFaxOnce.ts) at most once per key. Answers the
 * transport's reference, a shared fax's reference once it was sent, or null while the lead has not
 * recorded its outcome (the lead then records it for this delivery too); throws what failed (the
 * caller decides on a retry) or a shared fax's failure (permanent: the lead used its tries).
 */
export async function deliverByFax(
  ctx: AppContext,
  d: Delivery,
  transport: FaxTransport,
): Promise<string | null> {
  const { record, fax } = await linkFaxRecord(ctx, d, transport);
  const step = sharedFaxStep((fax?.copy?.leadId ?? d.id) === d.id, record.status);
  if (step === 'wait') return null;
  if (step === 'sent') return record.transportReference ?? record.idempotencyKey;
  if (step === 'failed') throw new PermanentFaxError(record.lastError ?? message('delivery.sharedFaxFailed'));
  await ctx.database.db
    .update(faxRecords)
    .set({
      status: 'sending',
      attempts: sql`${faxRecords.attempts} + 1`,
      transport: transport.name,
      ...(fax ? { faxNumber: fax.number, recipientName: fax.recipientName } : {}),
    })
    .where(eq(faxRecords.id, record.id));
  const { reference } = await sendFaxOnce(
    ctx,
    {
      id: record.id,
      idempotencyKey: record.idempotencyKey,
      recipientName: fax?.recipientName ?? record.recipientName,
      faxNumber: fax?.number ?? record.faxNumber,
      jobIds: [d.jobId],
      preliminary: d.preliminary,
    },
    transport,
  );
  return reference;
}
