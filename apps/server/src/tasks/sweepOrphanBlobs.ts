import { z } from 'zod';
import type { AppContext } from '../context.js';
import { defineTask } from './defineTask.js';

/**
 * Issue 41: removes blob files no row references, older than the grace period
 * (services/blobs/sweepOrphanBlobs.ts). Every worker offers one per ORPHAN_BLOBS.intervalSeconds
 * (tasks/scheduleOrphanSweep.ts) and the queue keeps one per interval, however many servers run;
 * a run that stops at its bound sends the next with where it stopped (`after`).
 */
export const sweepOrphanBlobsTask = defineTask({
  id: 'sweepOrphanBlobs',
  version: 1,
  payload: z.object({ after: z.string().min(1).max(1000).optional() }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 30 * 60,
  handler: async () => {
    const { runOrphanSweep } = await import('./sweepOrphanBlobsHandler.js');
    return (ctx, payload) => runOrphanSweep(ctx, payload, continueSweep);
  },
});

/**
 * Sends the run that carries on after `after`. Passed to the handler, which does not import this
 * definition: the definition loads the handler, so the handler importing it would be a circle.
 */
function continueSweep(ctx: AppContext, after: string): Promise<string | null> {
  return ctx.tasks.send(sweepOrphanBlobsTask, { after });
}
