import { STAGES } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { bookings, jobs } from '../../db/schema/index.js';
import { currentCdaText } from '../../services/jobEditor/documentText.js';
import { settleDocumentPatientFlag } from '../../services/jobEditor/holdQueue/documentPatientFlag.js';
import { evaluateJobRules } from '../../services/jobEditor/holdQueue/evaluateJobRules.js';
import { readDocumentFacts } from '../../services/jobEditor/holdQueue/holdQueueFacts.js';
import { replaceJobFlags, triggeredFlags } from '../../services/jobEditor/holdQueue/jobFlags.js';

/**
 * The hold-queue flags of a job whose ADT a message changed, as Accept ADT leaves them: a job in
 * the hold queue (or booked out of it) has its facility's rules run again and its flags rewritten;
 * any other job loses the document-patient flag once the patients agree. The text is read on a
 * document thread before the transaction (the embedded database has one connection). A text the
 * rules cannot read leaves the flags as they were (logged without patient data).
 */
export async function refreshJobFlags(ctx: AppContext, jobId: number): Promise<void> {
  let facts: Awaited<ReturnType<typeof readDocumentFacts>>;
  try {
    facts = await readDocumentFacts(ctx, (await currentCdaText(ctx, jobId))?.xml ?? null);
  } catch (err) {
    ctx.log.warn({ jobId, err: { name: (err as Error).name } }, 'hold-queue flags not refreshed');
    return;
  }
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ job: jobs, restoreStageId: bookings.restoreStageId })
      .from(jobs)
      .leftJoin(bookings, eq(bookings.jobId, jobs.id))
      .where(eq(jobs.id, jobId))
      .for('update', { of: jobs });
    if (!row) return;
    if ((row.restoreStageId ?? row.job.stageId) === STAGES.holdQueue.id)
      await replaceJobFlags(tx, jobId, triggeredFlags(await evaluateJobRules(ctx, tx, row.job, facts)));
    else await settleDocumentPatientFlag(ctx, tx, row.job);
  });
}
