import { type CompleteJobsResult, STAGES, stageLabel, stageName } from '@quill/core';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobs } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { requireJobs } from '../tenantScope/requireJobs.js';

function stageLabelOf(stageId: number): string {
  return stageLabel(stageId, stageName(stageId)) || String(stageId);
}

/**
 * POST /api/jobs/completejobs (spec 01 §4 "A job can be cleared from the list only when its
 * stageName is Finished"): clears from the manual distribution list every named job that is
 * Finished and on that list; a job cleared before counts as cleared and keeps its time. Every other
 * job is left alone and reported with the stage label the list shows, so the web app can say "Job
 * is in {stage}". Another tenant's job answers 404 and nothing is cleared. Audited per job.
 */
export async function completeJobs(
  ctx: AppContext,
  auth: Auth,
  jobIds: readonly number[],
  ip: string | null,
): Promise<CompleteJobsResult> {
  const found = await requireJobs(ctx, auth.scope, jobIds);
  const clearable = (j: (typeof found)[number]) => j.stageId === STAGES.finished.id && j.onManualList;
  const toClear = found.filter((j) => clearable(j) && j.clearedAt === null).map((j) => j.id);
  const clearedNow = new Set<number>();
  if (toClear.length) {
    // The stage is checked again in the update: a job that moved on meanwhile is not cleared.
    const updated = await ctx.database.db
      .update(jobs)
      .set({ clearedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          inArray(jobs.id, toClear),
          eq(jobs.stageId, STAGES.finished.id),
          eq(jobs.onManualList, true),
          isNull(jobs.clearedAt),
        ),
      )
      .returning({ id: jobs.id });
    for (const u of updated) clearedNow.add(u.id);
  }
  const result: CompleteJobsResult = { cleared: [], notCleared: [] };
  for (const job of found) {
    const ok = clearable(job) && (job.clearedAt !== null || clearedNow.has(job.id));
    if (ok) result.cleared.push(job.id);
    else result.notCleared.push({ jobId: job.id, stageName: stageLabelOf(job.stageId) });
    await recordAudit(ctx, {
      action: 'job.clear',
      outcome: ok ? 'success' : 'failure',
      userId: auth.userId,
      accountId: auth.accountId,
      corporateStructureId: job.corporateStructureId,
      jobId: job.id,
      patientId: job.patientId,
      ip,
      detail: { stageId: job.stageId, onManualList: job.onManualList },
    });
  }
  return result;
}
