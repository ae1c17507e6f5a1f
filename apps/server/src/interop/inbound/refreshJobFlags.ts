import { STAGES } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { bookings, jobs } from '../../db/schema/index.js';
import { currentCdaText } from '../../services/jobEditor/documentText.js';
import { settleDocumentPatientFlag } from '../../services/jobEditor/holdQueue/documentPatientFlag.js';
import { evaluateJobRules } from '../../services/jobEditor/holdQueue/evaluateJobRules.js';
import { readDocumentFacts } from '../../services/jobEditor/holdQueue/holdQueueFacts.js';
import { replaceJobFlags, triggeredFlags } from '../../services/jobEditor/holdQueue/jobFlags.js';

/**
 * The hold-queue flags of a job whose ADT a message changed, as Accept ADT leaves them: a job in
 * the hold queue (or booked out of it) has its facility's rules run again and its flags rewritten;
 * any other job loses the document-patient flag once the patients agree (its text is read only
 * when it has that flag). A hold-queue job's text is read on a document thread before the
 * transaction (the embedded database has one connection); a text the rules cannot read leaves
 * the flags as they were (logged without patient data).
 */
export async function refreshJobFlags(ctx: AppContext, jobId: number): Promise<void> {
  const { db } = ctx.database;
  const current = (on: Db) =>
    on
      .select({ job: jobs, restoreStageId: bookings.restoreStageId })
      .from(jobs)
      .leftJoin(bookings, eq(bookings.jobId, jobs.id))
      .where(eq(jobs.id, jobId));
  const inHoldQueue = (row: { job: { stageId: number }; restoreStageId: number | null }) =>
    (row.restoreStageId ?? row.job.stageId) === STAGES.holdQueue.id;
  const [row] = await current(db);
  if (!row) return;
  if (!inHoldQueue(row)) {
    await settleDocumentPatientFlag(ctx, db, row.job);
    return;
  }
  let facts: Awaited<ReturnType<typeof readDocumentFacts>>;
  try {
    facts = await readDocumentFacts(ctx, (await currentCdaText(ctx, jobId))?.xml ?? null);
  } catch (err) {
    ctx.log.warn({ jobId, err: { name: (err as Error).name } }, 'hold-queue flags not refreshed');
    return;
  }
  await db.transaction(async (tx) => {
    const [locked] = await current(tx).for('update', { of: jobs });
    if (locked && inHoldQueue(locked))
      await replaceJobFlags(tx, jobId, triggeredFlags(await evaluateJobRules(ctx, tx, locked.job, facts)));
  });
}
