import type { AppContext } from '../context.js';
import { heartbeatTask } from './heartbeat.js';
import { recordHeartbeat, WORKER_ID } from './recordHeartbeat.js';
import { TASKS } from './registry.js';
import { scheduleOrphanSweep } from './scheduleOrphanSweep.js';
import { scheduleDistributionSweep } from './sweepDistributions.js';
import { queueName } from './taskQueue.js';

export interface Worker {
  stop(): Promise<void>;
}

/**
 * Runs every registered task's handler — as many at once as the task's concurrency, each taking one
 * task at a time (a batch would complete or fail together) — and sends a heartbeat task every
 * WORKER_HEARTBEAT_SECONDS, offering the periodic tasks with it (the queue keeps one per interval:
 * scheduleOrphanSweep.ts). A runner that found a task asks for the next one at once, so a full
 * queue drains without waiting the polling interval between tasks; an empty one is asked every
 * half second. Used inside the server in embedded mode and by `npm run worker` on its own.
 */
export async function startWorker(ctx: AppContext): Promise<Worker> {
  const { boss } = ctx.tasks;
  for (const task of TASKS) {
    const run = await task.handler();
    const runners = task.concurrency?.(ctx) ?? 1;
    for (let i = 0; i < runners; i++) {
      const runner: { id?: string } = {};
      runner.id = await boss.work(
        queueName(task),
        { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true },
        async (batch) => {
          for (const item of batch) {
            await run(ctx, task.payload.parse(item.data), {
              retryCount: item.retryCount,
              retryLimit: item.retryLimit,
            });
          }
          if (runner.id) boss.notifyWorker(runner.id);
        },
      );
    }
  }
  const beat = async () => {
    try {
      await ctx.tasks.send(heartbeatTask, { sentBy: WORKER_ID, sentAt: new Date().toISOString() });
      await scheduleOrphanSweep(ctx);
      await scheduleDistributionSweep(ctx);
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message } }, 'could not send heartbeat task');
    }
  };
  // The health check passes from the first answer after a start: this worker is here now; the
  // heartbeat tasks then prove, every WORKER_HEARTBEAT_SECONDS, that the task queue works too.
  await recordHeartbeat(ctx);
  await beat();
  const timer = setInterval(beat, ctx.config.WORKER_HEARTBEAT_SECONDS * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      for (const task of TASKS) await boss.offWork(queueName(task));
    },
  };
}
