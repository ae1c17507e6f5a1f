import { ORPHAN_BLOBS } from '@quill/core';
import type { AppContext } from '../../context.js';
import { referencedBlobKeys } from '../../db/blobReferences.js';

/** What one run did: counts only (a key names a file, a file may hold a patient's document). */
export interface OrphanSweep {
  /** Files listed. */
  examined: number;
  /** Modified within the grace period (maybe a transaction in flight): left alone. */
  recent: number;
  /** Named by a row. */
  referenced: number;
  /** Named by no row and older than the grace period: removed. */
  removed: number;
  /** Where the next run resumes when this one stopped at its bound; null when it listed every file. */
  next: string | null;
}

/**
 * Issue 41: removes blob files that no row references (BLOB_REFERENCES) and that were last
 * modified more than BLOB_ORPHAN_GRACE_SECONDS ago. Files are written before the transaction that
 * names them, so a refused transaction or a killed process leaves such files behind. The listing
 * is streamed; at most `filesPerRun` files are looked at, `checkBatch` at a time against the
 * database, starting after `after`.
 */
export async function sweepOrphanBlobs(
  ctx: Pick<AppContext, 'database' | 'blobs' | 'config'>,
  opts: { after?: string; filesPerRun?: number; checkBatch?: number } = {},
): Promise<OrphanSweep> {
  const { filesPerRun = ORPHAN_BLOBS.filesPerRun, checkBatch = ORPHAN_BLOBS.checkBatch } = opts;
  const cutoff = new Date(Date.now() - ctx.config.BLOB_ORPHAN_GRACE_SECONDS * 1000);
  const result: OrphanSweep = { examined: 0, recent: 0, referenced: 0, removed: 0, next: null };
  let batch: string[] = [];
  const check = async () => {
    const referenced = await referencedBlobKeys(ctx.database.db, batch);
    for (const key of batch) {
      if (referenced.has(key)) result.referenced++;
      // Not removed: stored again since it was listed (blobStore.ts deleteIfModifiedBefore).
      else if (await ctx.blobs.deleteIfModifiedBefore(key, cutoff)) result.removed++;
      else result.recent++;
    }
    batch = [];
  };
  let last: string | undefined;
  for await (const blob of ctx.blobs.list(opts.after ? { after: opts.after } : {})) {
    if (result.examined === filesPerRun) {
      result.next = last ?? null;
      break;
    }
    result.examined++;
    last = blob.key;
    if (blob.modifiedAt >= cutoff) {
      result.recent++;
      continue;
    }
    batch.push(blob.key);
    if (batch.length === checkBatch) await check();
  }
  await check();
  return result;
}
