import { z } from 'zod';
import { defineTask } from './defineTask.js';

/**
 * Makes one delivery of automatic distribution (issue 43): one job to one recipient by one method
 * (fax, print, electronic), then settles the job (Finished, or its failed stage). Enqueued in the
 * transaction that writes the delivery row (services/delivery/queueDeliveries.ts), with the
 * FAX_RETRY_* settings. Idempotent: a delivery no longer queued or sending is left alone, and a
 * retry after a crash finds an earlier delivery through the transport by the delivery's key.
 */
export const deliverJobTask = defineTask({
  id: 'deliverJob',
  version: 1,
  payload: z.object({ deliveryId: z.number().int().positive() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 300,
  // Deliveries of many jobs go out side by side on PostgreSQL; each is still made once
  // (runDelivery.ts). The embedded PGlite, one connection for the whole process, takes one at a time.
  concurrency: (ctx) => (ctx.database.kind === 'pglite' ? 1 : ctx.config.DELIVERY_CONCURRENCY),
  handler: async () => (await import('./deliverJobHandler.js')).deliverJob,
});
