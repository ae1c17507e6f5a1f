import { z } from 'zod';
import { defineTask } from './defineTask.js';

/**
 * Applies a submitted schedule or patient (ADT) upload to patients, visits and orders, in one
 * transaction per upload (services/schedule/importSchedule.ts; semantics in docs/domain.md
 * "Schedule and patient uploads"). Enqueued by the heading submit in the transaction that marks
 * the upload queued. Idempotent: an upload already done is left alone, and applying the same rows
 * again leaves the same data.
 */
export const importScheduleTask = defineTask({
  id: 'importSchedule',
  version: 1,
  payload: z.object({ uploadId: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 30 * 60,
  handler: async () => (await import('./importScheduleHandler.js')).importSchedule,
});
