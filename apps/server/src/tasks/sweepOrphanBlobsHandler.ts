import type { AppContext } from '../context.js';
import { sweepOrphanBlobs } from '../services/blobs/sweepOrphanBlobs.js';
import { sweepOrphanBlobsTask } from './sweepOrphanBlobs.js';

/** One run of the orphan sweep: logs its counts and hands on to the next run when it stopped early. */
export async function runOrphanSweep(ctx: AppContext, payload: { after?: string }): Promise<void> {
  const { next, ...counts } = await sweepOrphanBlobs(ctx, payload.after ? { after: payload.after } : {});
  ctx.log.info({ ...counts, continues: next !== null }, 'orphan blob sweep');
  if (next) await ctx.tasks.send(sweepOrphanBlobsTask, { after: next });
}
