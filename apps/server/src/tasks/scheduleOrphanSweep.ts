import { ORPHAN_BLOBS } from '@quill/core';
import type { AppContext } from '../context.js';
import { sweepOrphanBlobsTask } from './sweepOrphanBlobs.js';

/**
 * Offers the orphan sweep for the current ORPHAN_BLOBS.intervalSeconds slot: the queue stores at
 * most one per slot (pg-boss throttling: a unique index on the slot), so N workers offering it
 * every heartbeat still run it once per interval. Answers the task id, or null when this slot's
 * sweep was already sent.
 */
export function scheduleOrphanSweep(ctx: Pick<AppContext, 'tasks'>): Promise<string | null> {
  return ctx.tasks.send(
    sweepOrphanBlobsTask,
    {},
    { singletonKey: sweepOrphanBlobsTask.id, singletonSeconds: ORPHAN_BLOBS.intervalSeconds },
  );
}
