import type { AppContext } from '../context.js';
import { deliverFax } from '../services/fax/deliverFax.js';
import { createFaxTransport } from '../services/fax/transports/createFaxTransport.js';
import type { FaxTransport } from '../services/fax/transports/faxTransport.js';
import type { TaskAttempt } from './defineTask.js';

const transports = new WeakMap<AppContext['config'], FaxTransport>();

/** The sendFax task: one try at delivering a fax record; the last try records a failure instead of throwing. */
export async function sendFax(
  ctx: AppContext,
  payload: { faxRecordId: number },
  attempt: TaskAttempt = { retryCount: 0, retryLimit: ctx.config.FAX_RETRY_LIMIT },
): Promise<void> {
  let transport = transports.get(ctx.config);
  if (!transport) {
    transport = createFaxTransport(ctx.config);
    transports.set(ctx.config, transport);
  }
  await deliverFax(ctx, payload.faxRecordId, {
    transport,
    finalAttempt: attempt.retryCount >= attempt.retryLimit,
  });
}
