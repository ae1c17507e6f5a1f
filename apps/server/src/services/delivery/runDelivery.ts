import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { distributions } from '../../db/schema/index.js';
import { isPermanent, reasonOf } from '../fax/sendFaxOnce.js';
import type { FaxTransport } from '../fax/transports/faxTransport.js';
import { deliverByFax } from './deliverByFax.js';
import { deliverElectronically } from './deliverElectronically.js';
import { recordDeliveryFailed, recordDeliverySent } from './recordDeliveryOutcome.js';
import type { ElectronicTransport } from './transports/electronicTransport.js';

/** The transports a delivery may leave by. */
export interface DeliveryTransports {
  fax: FaxTransport;
  electronic: ElectronicTransport;
}

/**
 * What one try did: delivered (now or found delivered earlier), failed for good, nothing to do, or
 * waiting for the fax it shares (the delivery that sends it records the outcome for both).
 */
export type DeliveryTry = 'sent' | 'failed' | 'skipped' | 'waiting';

/**
 * One try at one delivery (the deliverJob task). A delivery no longer queued or sending (sent,
 * failed, redirected) is left alone. Fax goes through the fax transport, electronic through the
 * electronic one — each asked first whether the key left before — and print puts the job on the
 * manual distribution list, which counts as delivered. The outcome is recorded once, with the
 * job settled. A transient error throws, so the queue retries with back-off; on the final try, or
 * for a permanent error, the failure is recorded instead.
 */
export async function runDelivery(
  ctx: AppContext,
  deliveryId: number,
  opts: { transports: DeliveryTransports; finalAttempt: boolean },
): Promise<DeliveryTry> {
  const { db } = ctx.database;
  const [d] = await db
    .update(distributions)
    .set({ status: 'sending', attempts: sql`${distributions.attempts} + 1` })
    .where(and(eq(distributions.id, deliveryId), inArray(distributions.status, ['queued', 'sending'])))
    .returning();
  if (!d) return 'skipped';
  let reference: string | null;
  try {
    if (d.method === 'fax') reference = await deliverByFax(ctx, d, opts.transports.fax);
    else if (d.method === 'electronic')
      reference = await deliverElectronically(ctx, d, opts.transports.electronic);
    else reference = 'manual-distribution-list';
  } catch (err) {
    const reason = reasonOf(err);
    const log = { deliveryId, jobId: d.jobId, method: d.method, attempts: d.attempts };
    if (isPermanent(err) || opts.finalAttempt) {
      await recordDeliveryFailed(ctx, deliveryId, reason);
      ctx.log.warn({ ...log, permanent: isPermanent(err) }, 'delivery failed');
      return 'failed';
    }
    await db.update(distributions).set({ lastError: reason }).where(eq(distributions.id, deliveryId));
    ctx.log.info(log, 'delivery try failed; it will be retried');
    throw err;
  }
  if (reference === null) {
    ctx.log.info({ deliveryId, jobId: d.jobId }, 'delivery waits for the fax it shares');
    return 'waiting';
  }
  // A failure to record throws too: the retry finds the delivery through the transport then.
  await recordDeliverySent(ctx, deliveryId, reference);
  ctx.log.info({ deliveryId, jobId: d.jobId, method: d.method }, 'delivery made');
  return 'sent';
}
