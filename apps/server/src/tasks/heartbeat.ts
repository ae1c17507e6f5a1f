import { z } from 'zod';
import { defineTask } from './defineTask.js';

/**
 * Proves the task system works end to end: a worker sends it, any worker runs it and records the
 * time; the health check wants a recorded heartbeat within the last minute.
 */
export const heartbeatTask = defineTask({
  id: 'heartbeat',
  version: 1,
  payload: z.object({ sentBy: z.string(), sentAt: z.iso.datetime() }),
  retry: { limit: 0, delaySeconds: 1, backoff: false },
  expireInSeconds: 60,
  handler: async () => (await import('./recordHeartbeat.js')).recordHeartbeat,
});
