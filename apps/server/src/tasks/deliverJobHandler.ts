import type { AppContext } from '../context.js';
import { type DeliveryTransports, runDelivery } from '../services/delivery/runDelivery.js';
import { createElectronicTransport } from '../services/delivery/transports/createElectronicTransport.js';
import { createFaxTransport } from '../services/fax/transports/createFaxTransport.js';
import type { TaskAttempt } from './defineTask.js';

const transports = new WeakMap<AppContext['config'], Promise<DeliveryTransports>>();

/** The deliverJob task: one try at one delivery; the last try records a failure instead of throwing. */
export async function deliverJob(
  ctx: AppContext,
  payload: { deliveryId: number },
  attempt: TaskAttempt = { retryCount: 0, retryLimit: ctx.config.FAX_RETRY_LIMIT },
): Promise<void> {
  let t = transports.get(ctx.config);
  if (!t) {
    t = createElectronicTransport(ctx).then((electronic) => ({
      fax: createFaxTransport(ctx.config),
      electronic,
    }));
    // A file that cannot be read fails this try; the next one reads it again.
    t.catch(() => transports.delete(ctx.config));
    transports.set(ctx.config, t);
  }
  await runDelivery(ctx, payload.deliveryId, {
    transports: await t,
    finalAttempt: attempt.retryCount >= attempt.retryLimit,
  });
}
