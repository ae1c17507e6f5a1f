import type { AppContext } from '../context.js';
import { sweepOrphanBlobs } from '../services/blobs/sweepOrphanBlobs.js';

/**
 * One run of the orphan sweep: logs its counts and hands on to the next run when it stopped early
 * (`continueAfter` sends it: tasks/sweepOrphanBlobs.ts).
 */
export async function runOrphanSweep(
  ctx: AppContext,
  payload: { after?: string },
  continueAfter: (ctx: AppContext, after: string) => Promise<unknown>,
): Promise<void> {
  const { next, ...counts } = await sweepOrphanBlobs(ctx, payload.after ? { after: payload.after } : {});
  ctx.log.info({ ...counts, continues: next !== null }, 'orphan blob sweep');
  if (next) await continueAfter(ctx, next);
}
