import { type DeliveryMethod, message } from '@quill/core';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { distributionErrors, distributions, faxRecords, jobs } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import { deliveryContact } from './deliveryContact.js';
import { settleJobDistribution } from './settleJobDistribution.js';

type Delivery = typeof distributions.$inferSelect;

/**
 * Locks the delivery's job first: the outcomes of one job's deliveries, recorded side by side
 * (DELIVERY_CONCURRENCY), then wait for each other instead of deadlocking — each transaction's
 * inserts take a key-share lock on the job that the other's settleJobDistribution would upgrade.
 * A delivery linking itself to a shared fax takes it too (deliverByFax.ts), so that it either
 * sees the fax's outcome or is settled with it.
 */
export async function lockJobOf(tx: Tx, deliveryId: number): Promise<void> {
  await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      inArray(
        jobs.id,
        tx.select({ jobId: distributions.jobId }).from(distributions).where(eq(distributions.id, deliveryId)),
      ),
    )
    .for('update');
}

/** Marks the delivery `status` once (only from queued or sending); answers the row, or null when already settled. */
async function settle(tx: Tx, id: number, set: Partial<Delivery>): Promise<Delivery | null> {
  const [row] = await tx
    .update(distributions)
    .set(set)
    .where(and(eq(distributions.id, id), inArray(distributions.status, ['queued', 'sending'])))
    .returning();
  return row ?? null;
}

/**
 * The other deliveries of a shared fax (core faxCopyOf) still waiting for it, settled with its
 * outcome — read after the fax record's row was updated in this transaction, so a delivery linking
 * itself to the record meanwhile is either seen here or sees the outcome itself (deliverByFax.ts).
 */
async function settleSharers(tx: Tx, d: Delivery, set: Partial<Delivery>): Promise<Delivery[]> {
  if (d.method !== 'fax' || d.faxRecordId === null) return [];
  return tx
    .update(distributions)
    .set(set)
    .where(
      and(
        eq(distributions.faxRecordId, d.faxRecordId),
        ne(distributions.id, d.id),
        inArray(distributions.status, ['queued', 'sending']),
      ),
    )
    .returning();
}

/** The audit row of a delivery's outcome (ids only; no patient data in `detail`). */
async function auditOutcome(ctx: AppContext, tx: Tx, d: Delivery, sent: boolean) {
  const [job] = await tx
    .select({ cs: jobs.corporateStructureId, patientId: jobs.patientId })
    .from(jobs)
    .where(eq(jobs.id, d.jobId));
  await recordAudit(
    ctx,
    {
      action: sent ? 'delivery.sent' : 'delivery.failed',
      outcome: sent ? 'success' : 'failure',
      corporateStructureId: job?.cs ?? null,
      jobId: d.jobId,
      patientId: job?.patientId ?? null,
      detail: {
        deliveryId: d.id,
        method: d.method,
        recipientId: d.recipientId,
        version: d.jobVersion,
        attempts: d.attempts,
        preliminary: d.preliminary,
      },
    },
    tx,
  );
}

/**
 * Records a delivery made, once, in one transaction: the delivery sent (its fax record too, and the
 * job's faxed indicator, and the other deliveries sharing the fax: each its own audit row), a print
 * delivery's job on the manual distribution list, the audit row, and the job settled (Finished
 * when it was the last). Answers false when it was already settled.
 */
export async function recordDeliverySent(
  ctx: AppContext,
  deliveryId: number,
  reference: string,
): Promise<boolean> {
  const now = new Date();
  return ctx.database.db.transaction(async (tx) => {
    await lockJobOf(tx, deliveryId);
    const set = { status: 'sent', completedAt: now, lastError: null };
    const d = await settle(tx, deliveryId, set);
    if (!d) return false;
    if (d.method === 'fax' && d.faxRecordId !== null) {
      await tx
        .update(faxRecords)
        .set({ status: 'sent', sentAt: now, transportReference: reference.slice(0, 300), lastError: null })
        .where(eq(faxRecords.id, d.faxRecordId));
      await tx.update(jobs).set({ faxed: true, updatedAt: now }).where(eq(jobs.id, d.jobId));
      for (const sharer of await settleSharers(tx, d, set)) await auditOutcome(ctx, tx, sharer, true);
    }
    if (d.method === 'print') {
      await tx
        .update(jobs)
        .set({ onManualList: true, clearedAt: null, updatedAt: now })
        .where(and(eq(jobs.id, d.jobId), eq(jobs.onManualList, false)));
    }
    await auditOutcome(ctx, tx, d, true);
    await settleJobDistribution(ctx, tx, d.jobId);
    return true;
  });
}

/**
 * The distribution error of a failed delivery: the recipient by name (a patient as "The Patient",
 * never by name) and method, a fax with its number, and the reason.
 */
async function errorDescription(db: Db, d: Delivery, reason: string): Promise<string> {
  const contact = await deliveryContact(db, d.recipientId, { showPatient: false });
  const name = contact?.name ?? message('fax.recipientTypes.custom');
  if (d.method === 'fax' && d.faxRecordId !== null) {
    const [record] = await db
      .select({ number: faxRecords.faxNumber })
      .from(faxRecords)
      .where(eq(faxRecords.id, d.faxRecordId));
    if (record) return message('fax.distributionError', { name, number: record.number, reason });
  }
  const method = message(`delivery.methods.${d.method as DeliveryMethod}`);
  return message('delivery.distributionError', { method, name, reason });
}

/**
 * Records a delivery that will not be made (retries used up, or a permanent error), once, in one
 * transaction: the delivery failed with the reason (its fax record too, and the other deliveries
 * sharing the fax), a distribution error naming the recipient and the method and the audit row for
 * each, and the job settled (its failed stage once nothing else is on its way). Answers false when
 * it was already settled.
 */
export async function recordDeliveryFailed(
  ctx: AppContext,
  deliveryId: number,
  reason: string,
): Promise<boolean> {
  const [current] = await ctx.database.db
    .select()
    .from(distributions)
    .where(eq(distributions.id, deliveryId));
  if (!current) return false;
  const description = await errorDescription(ctx.database.db, current, reason);
  const now = new Date();
  return ctx.database.db.transaction(async (tx) => {
    await lockJobOf(tx, deliveryId);
    const set = { status: 'failed', completedAt: now, lastError: reason };
    const d = await settle(tx, deliveryId, set);
    if (!d) return false;
    if (d.faxRecordId !== null) {
      await tx
        .update(faxRecords)
        .set({ status: 'failed', lastError: reason })
        .where(eq(faxRecords.id, d.faxRecordId));
    }
    await tx.insert(distributionErrors).values({ jobId: d.jobId, description, createdAt: now });
    await auditOutcome(ctx, tx, d, false);
    for (const sharer of await settleSharers(tx, d, set)) {
      const said = await errorDescription(tx, sharer, reason);
      await tx.insert(distributionErrors).values({ jobId: sharer.jobId, description: said, createdAt: now });
      await auditOutcome(ctx, tx, sharer, false);
    }
    await settleJobDistribution(ctx, tx, d.jobId);
    return true;
  });
}
