import { z } from 'zod';
import type { AppContext } from '../context.js';
import { defineTask } from './defineTask.js';

/** How often the distribution sweep runs, at most (one per slot however many workers offer it). */
export const DISTRIBUTION_SWEEP_SECONDS = 60;

/**
 * Issue 43: starts the automatic distribution of jobs left in a distribution stage without
 * deliveries of their version (services/delivery/sweepDistributions.ts). Every worker offers one
 * at start and with each heartbeat; the queue keeps one per DISTRIBUTION_SWEEP_SECONDS.
 */
export const sweepDistributionsTask = defineTask({
  id: 'sweepDistributions',
  version: 1,
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 10 * 60,
  handler: async () => {
    const { sweepDistributions } = await import('../services/delivery/sweepDistributions.js');
    return async (ctx: AppContext) => {
      await sweepDistributions(ctx);
    };
  },
});

/** Offers this slot's sweep; answers the task id, or null when the slot's sweep was already sent. */
export function scheduleDistributionSweep(ctx: Pick<AppContext, 'tasks'>): Promise<string | null> {
  return ctx.tasks.send(
    sweepDistributionsTask,
    {},
    { singletonKey: sweepDistributionsTask.id, singletonSeconds: DISTRIBUTION_SWEEP_SECONDS },
  );
}
