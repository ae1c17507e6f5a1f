import { FAILED_STAGE_IDS, isDistributionStage, STAGES, settleDistribution } from '@quill/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { distributions, jobs } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';

/**
 * After a delivery's outcome, in its transaction: where the job's final deliveries of its current
 * version leave it (core settleDistribution) — Finished with `distributed_at` when every one was
 * sent, the failed stage of the failed methods (4–7) once none is on its way, else unchanged. A
 * job no longer waiting for distribution (booked out, back in ES, finished by hand) is left alone.
 */
export async function settleJobDistribution(ctx: AppContext, tx: Db, jobId: number): Promise<void> {
  const [job] = await tx
    .select({
      stageId: jobs.stageId,
      version: jobs.version,
      corporateStructureId: jobs.corporateStructureId,
      patientId: jobs.patientId,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for('update');
  if (!job || !(isDistributionStage(job.stageId) || FAILED_STAGE_IDS.includes(job.stageId))) return;
  const rows = await tx
    .select({ method: distributions.method, status: distributions.status })
    .from(distributions)
    .where(
      and(
        eq(distributions.jobId, jobId),
        eq(distributions.jobVersion, job.version),
        eq(distributions.preliminary, false),
        isNotNull(distributions.deliveryKey),
      ),
    );
  const settled = settleDistribution(rows);
  if (settled.kind === 'waiting') return;
  const now = new Date();
  const stageId = settled.kind === 'finished' ? STAGES.finished.id : settled.stageId;
  if (stageId === job.stageId) return;
  await tx
    .update(jobs)
    .set({ stageId, updatedAt: now, ...(settled.kind === 'finished' ? { distributedAt: now } : {}) })
    .where(eq(jobs.id, jobId));
  await recordAudit(
    ctx,
    {
      action: settled.kind === 'finished' ? 'delivery.finished' : 'delivery.jobFailed',
      outcome: settled.kind === 'finished' ? 'success' : 'failure',
      corporateStructureId: job.corporateStructureId,
      jobId,
      patientId: job.patientId,
      detail: { version: job.version, stageId, deliveries: rows.length },
    },
    tx,
  );
}
