import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { workerHeartbeats } from '../db/schema/index.js';

/** The id of this worker process in heartbeat rows. */
export const WORKER_ID = `${hostname()}:${process.pid}`;

/** Records that this worker handled a heartbeat task now. */
export async function recordHeartbeat(ctx: AppContext): Promise<void> {
  const now = new Date();
  await ctx.database.db
    .insert(workerHeartbeats)
    .values({ workerId: WORKER_ID, host: hostname(), pid: process.pid, beatAt: now })
    .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { beatAt: sql`excluded.beat_at` } });
}
