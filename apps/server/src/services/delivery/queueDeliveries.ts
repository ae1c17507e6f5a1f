import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { transactionSql } from '../../db/transactionSql.js';
import { deliverJobTask } from '../../tasks/deliverJob.js';

/**
 * The task id of a delivery's round: a uuid made from its key and how many tries it had when it
 * was queued, so the same round queued twice is one task (pg-boss ignores a repeated id) and a
 * Retry after a failure is a new one.
 */
export function deliveryTaskId(key: string, attempts: number): string {
  const h = createHash('sha256').update(`${key}#${attempts}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** In the caller's transaction: one deliverJob task per delivery, so tasks exist exactly when the rows do. */
export async function queueDeliveries(
  ctx: AppContext,
  tx: Db,
  deliveries: readonly { id: number; deliveryKey: string | null; attempts: number }[],
): Promise<void> {
  if (!deliveries.length) return;
  await ctx.tasks.insert(
    deliverJobTask,
    deliveries.map((d) => ({
      id: deliveryTaskId(d.deliveryKey ?? `delivery-${d.id}`, d.attempts),
      payload: { deliveryId: d.id },
    })),
    {
      db: transactionSql(tx),
      retryLimit: ctx.config.FAX_RETRY_LIMIT,
      retryDelaySeconds: ctx.config.FAX_RETRY_DELAY_SECONDS,
      expireInSeconds: ctx.config.FAX_SEND_TIMEOUT_SECONDS,
    },
  );
}
