import { z } from 'zod';
import { defineTask } from './defineTask.js';

/**
 * Sends one fax (one fax record: one recipient, one or more jobs): renders the jobs' PDFs behind a
 * cover sheet, hands them to the FAX_TRANSPORT and records the outcome on the jobs. Enqueued by
 * POST /api/jobs/Fax in the transaction that writes the record, with the record's idempotency key
 * as the task id and the FAX_RETRY_* settings. Idempotent: a sent or failed record is left alone,
 * and a retry after a crash finds an earlier delivery through the transport (services/fax/deliverFax.ts).
 */
export const sendFaxTask = defineTask({
  id: 'sendFax',
  version: 1,
  payload: z.object({ faxRecordId: z.number().int().positive() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 300,
  handler: async () => (await import('./sendFaxHandler.js')).sendFax,
});
