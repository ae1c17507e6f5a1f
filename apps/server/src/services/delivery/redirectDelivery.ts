import {
  type Delivery as DeliveryAnswer,
  FAILED_STAGE_IDS,
  message,
  normaliseFaxNumber,
  pendingStageOf,
  type RedirectDeliverySchema,
  redirectKey,
} from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { distributions, faxRecordJobs, faxRecords, jobs, recipients } from '../../db/schema/index.js';
import { conflict, invalid, notFound } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { deliveryAnswers } from './deliveryAnswers.js';
import { deliveryContact } from './deliveryContact.js';
import { queueDeliveries } from './queueDeliveries.js';

type Redirect = z.infer<typeof RedirectDeliverySchema>;
type Delivery = typeof distributions.$inferSelect;

/**
 * For a fax redirect: the fax record of the new delivery, addressed to the number typed for it
 * (or the recipient's stored one), keyed by the new delivery's key. 400 without a valid number.
 */
async function redirectFaxRecord(tx: Db, to: Delivery, recipientId: number, typed: string | undefined) {
  const contact = await deliveryContact(tx, recipientId, { showPatient: true });
  const number = normaliseFaxNumber(typed ?? contact?.faxNumber);
  if (!number) throw invalid(message('delivery.noFaxNumber', { name: contact?.name ?? '' }));
  const [record] = await tx
    .insert(faxRecords)
    .values({
      jobId: to.jobId,
      idempotencyKey: to.deliveryKey!,
      recipientName: contact?.name ?? '',
      faxNumber: number,
      recipientType: contact?.recipientType ?? 'Custom',
      status: 'queued',
    })
    .returning();
  await tx
    .insert(faxRecordJobs)
    .values({ faxRecordId: record!.id, jobId: to.jobId, ordinal: 0, recipientId });
  await tx.update(distributions).set({ faxRecordId: record!.id }).where(eq(distributions.id, to.id));
}

/**
 * POST /api/jobs/deliveries/redirect: a failed delivery goes to another of the job's recipients,
 * or by another method, or to a fax number typed for it, instead. The failed one is marked
 * redirected to a new delivery (its own key: one per failed delivery), which is queued, and the
 * job returns to the pending stage of the new method. 404 for a delivery that does not exist or
 * is another tenant's job's; 409 for one that has not failed; 400 for a recipient not of the job
 * or a fax without a valid number. Audited. Answers the new delivery.
 */
export async function redirectDelivery(
  ctx: AppContext,
  auth: Auth,
  body: Redirect,
  ip: string | null,
): Promise<{ queued: DeliveryAnswer[] }> {
  const [from] = await ctx.database.db
    .select()
    .from(distributions)
    .where(eq(distributions.id, body.deliveryId));
  if (!from) throw notFound(message('delivery.notFound', { id: body.deliveryId }));
  const job = await requireJob(ctx, auth.scope, from.jobId);
  const recipientId = body.recipientId ?? from.recipientId;
  if (recipientId === null) throw invalid(message('delivery.chooseRecipient', { id: from.id }));
  const made = await ctx.database.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(distributions).where(eq(distributions.id, from.id)).for('update');
    if (locked!.status !== 'failed') {
      throw conflict(
        message('delivery.notFailed', { id: from.id, status: locked!.status }),
        'delivery_not_failed',
      );
    }
    if (!(await isRecipientOf(tx, recipientId, from.jobId))) {
      throw invalid(message('delivery.recipientNotOfJob', { id: recipientId }));
    }
    const version = from.jobVersion ?? job.version;
    const [to] = await tx
      .insert(distributions)
      .values({
        jobId: from.jobId,
        recipientId,
        method: body.method,
        status: 'queued',
        jobVersion: version,
        preliminary: from.preliminary,
        deliveryKey: redirectKey(from.id, version, body.method),
      })
      .returning();
    if (body.method === 'fax') await redirectFaxRecord(tx, to!, recipientId, body.faxNumber);
    await tx
      .update(distributions)
      .set({ status: 'redirected', redirectedToId: to!.id })
      .where(eq(distributions.id, from.id));
    await tx
      .update(jobs)
      .set({ stageId: pendingStageOf([body.method]), updatedAt: new Date() })
      .where(and(eq(jobs.id, from.jobId), inArray(jobs.stageId, [...FAILED_STAGE_IDS])));
    await queueDeliveries(ctx, tx, [to!]);
    return to!;
  });
  await auditJob(ctx, auth, job, 'delivery.redirect', ip, {
    deliveryId: from.id,
    redirectedToId: made.id,
    method: body.method,
    recipientId,
    faxNumberTyped: body.faxNumber !== undefined,
  });
  return { queued: await deliveryAnswers(ctx.database.db, auth.permissions, { ids: [made.id] }) };
}

/** Whether recipient `recipientId` is one of job `jobId`'s (removed ones included: it was chosen once). */
async function isRecipientOf(tx: Db, recipientId: number, jobId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: recipients.id })
    .from(recipients)
    .where(and(eq(recipients.id, recipientId), eq(recipients.jobId, jobId)));
  return row !== undefined;
}
