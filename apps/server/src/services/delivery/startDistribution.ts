import { deliveryKey, planDeliveries, STAGES } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { distributions, jobs, recipients } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import { queueDeliveries } from './queueDeliveries.js';

/**
 * The final deliveries of older versions not yet sent (queued or failed) are replaced by this
 * version's delivery to the same recipient by the same method: marked redirected to it, so they
 * are neither sent nor retried (a delivery in flight is left to finish).
 */
async function supersedeOlder(tx: Db, jobId: number, version: number) {
  const finals = await tx
    .select({
      id: distributions.id,
      recipientId: distributions.recipientId,
      method: distributions.method,
      status: distributions.status,
      jobVersion: distributions.jobVersion,
    })
    .from(distributions)
    .where(and(eq(distributions.jobId, jobId), eq(distributions.preliminary, false)));
  const older = finals.filter(
    (d) => d.jobVersion !== null && d.jobVersion < version && ['queued', 'failed'].includes(d.status),
  );
  const current = finals.filter((d) => d.jobVersion === version);
  for (const d of older) {
    const by = current.find((c) => c.recipientId === d.recipientId && c.method === d.method);
    await tx
      .update(distributions)
      .set({ status: 'redirected', redirectedToId: by?.id ?? null, completedAt: new Date() })
      .where(eq(distributions.id, d.id));
  }
}

/**
 * Starts the automatic distribution of a job (issue 43), in the caller's transaction: one delivery
 * row per live recipient and method (print left out with skipPrint, electronic with skipExport),
 * keyed by job, version, recipient, method and kind so that starting twice — a save and the sweep,
 * or a restart — writes and sends each once, and one durable deliverJob task per new row. A job
 * whose live recipients are all skipped has nothing to deliver and is Finished; a job without
 * recipients stays on the manual distribution list, as before. Answers the new deliveries' ids.
 * Called by the save pipeline when a job enters a distribution stage (8, 9, 10), by the signing
 * service after a signature, and by the sweep for a job left without deliveries of its version.
 */
export async function startDistribution(
  ctx: AppContext,
  tx: Db,
  jobId: number,
  opts: { preliminary?: boolean } = {},
): Promise<number[]> {
  const preliminary = opts.preliminary === true;
  const [job] = await tx
    .select({
      id: jobs.id,
      version: jobs.version,
      skipPrint: jobs.skipPrint,
      skipExport: jobs.skipExport,
      corporateStructureId: jobs.corporateStructureId,
      patientId: jobs.patientId,
    })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for('update');
  if (!job) return [];
  const live = await tx
    .select({
      id: recipients.id,
      removed: recipients.removed,
      distributionMethod: recipients.distributionMethod,
    })
    .from(recipients)
    .where(and(eq(recipients.jobId, jobId), eq(recipients.removed, false)));
  const planned = planDeliveries(live, job);
  if (!planned.length) {
    if (live.length && !preliminary) {
      await tx
        .update(jobs)
        .set({ stageId: STAGES.finished.id, distributedAt: new Date(), updatedAt: new Date() })
        .where(eq(jobs.id, jobId));
    }
    return [];
  }
  const made = await tx
    .insert(distributions)
    .values(
      planned.map((p) => ({
        jobId,
        recipientId: p.recipientId,
        method: p.method,
        status: 'queued',
        jobVersion: job.version,
        preliminary,
        deliveryKey: deliveryKey({ jobId, jobVersion: job.version, preliminary, ...p }),
      })),
    )
    .onConflictDoNothing({ target: distributions.deliveryKey })
    .returning({
      id: distributions.id,
      deliveryKey: distributions.deliveryKey,
      attempts: distributions.attempts,
    });
  if (!preliminary) await supersedeOlder(tx, jobId, job.version);
  if (!made.length) return [];
  await queueDeliveries(ctx, tx, made);
  await recordAudit(
    ctx,
    {
      action: 'delivery.start',
      outcome: 'success',
      corporateStructureId: job.corporateStructureId,
      jobId,
      patientId: job.patientId,
      detail: { version: job.version, preliminary, deliveryIds: made.map((d) => d.id) },
    },
    tx,
  );
  return made.map((d) => d.id);
}
