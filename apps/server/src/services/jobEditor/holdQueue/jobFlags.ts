import type { HoldQueueCheckRow, HoldQueueFlag } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { jobFlags } from '../../../db/schema/index.js';

/** The rules of a check that triggered, as the job's hold-queue flags. */
export function triggeredFlags(rows: readonly HoldQueueCheckRow[]): HoldQueueFlag[] {
  return rows.filter((r) => r.isTriggered).map((r) => ({ code: r.ruleCode, description: r.ruleDescription }));
}

/** Replaces the job's hold-queue flags (inside the caller's transaction). */
export async function replaceJobFlags(db: Db, jobId: number, flags: readonly HoldQueueFlag[]): Promise<void> {
  await db.delete(jobFlags).where(eq(jobFlags.jobId, jobId));
  if (flags.length) await db.insert(jobFlags).values(flags.map((f) => ({ jobId, ...f })));
}
