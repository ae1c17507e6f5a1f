import {
  type Delivery as DeliveryAnswer,
  FAILED_STAGE_IDS,
  normaliseFaxNumber,
  pendingStageOf,
} from '@quill/core';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { distributions, faxRecords, jobs } from '../../db/schema/index.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { requireJobs } from '../tenantScope/requireJobs.js';
import { deliveryAnswers } from './deliveryAnswers.js';
import { deliveryContact } from './deliveryContact.js';
import { queueDeliveries } from './queueDeliveries.js';

type Delivery = typeof distributions.$inferSelect;

/**
 * A failed fax delivery tries the recipient's number as it is now (the number may have been fixed
 * since); a redirected one keeps the number typed for it. Its fax record is queued again under
 * the same key — a new attempt of the same delivery, never a second fax.
 */
async function refreshFaxRecord(tx: Db, d: Delivery) {
  if (d.faxRecordId === null) return;
  const contact = d.deliveryKey?.endsWith('-redirect')
    ? null
    : await deliveryContact(tx, d.recipientId, { showPatient: true });
  const number = normaliseFaxNumber(contact?.faxNumber);
  await tx
    .update(faxRecords)
    .set({ status: 'queued', lastError: null, ...(number ? { faxNumber: number } : {}) })
    .where(eq(faxRecords.id, d.faxRecordId));
}

/**
 * POST /api/jobs/deliveries/retry: the failed deliveries of the jobs' current versions are queued
 * again (same delivery, same key: still once per recipient and version; a new task per try) and
 * each job returns from its failed stage to the pending stage of those methods. Every job is
 * checked first (404 for another tenant's, nothing changed); a job without failed deliveries is
 * left as it is. Audited per job named. Answers the deliveries queued.
 */
export async function retryDeliveries(
  ctx: AppContext,
  auth: Auth,
  jobIds: number[],
  ip: string | null,
): Promise<{ queued: DeliveryAnswer[] }> {
  const found = await requireJobs(ctx, auth.scope, jobIds);
  const queued: { job: (typeof found)[number]; ids: number[] }[] = [];
  await ctx.database.db.transaction(async (tx) => {
    for (const job of found) {
      const failed = await tx
        .select()
        .from(distributions)
        .where(
          and(
            eq(distributions.jobId, job.id),
            eq(distributions.status, 'failed'),
            isNotNull(distributions.deliveryKey),
            eq(distributions.jobVersion, job.version),
          ),
        )
        .for('update');
      if (!failed.length) continue;
      for (const d of failed) await refreshFaxRecord(tx, d);
      const again = await tx
        .update(distributions)
        .set({ status: 'queued', completedAt: null, lastError: null })
        .where(
          inArray(
            distributions.id,
            failed.map((d) => d.id),
          ),
        )
        .returning();
      await queueDeliveries(ctx, tx, again);
      if (FAILED_STAGE_IDS.includes(job.stageId)) {
        await tx
          .update(jobs)
          .set({ stageId: pendingStageOf(failed.map((d) => d.method)), updatedAt: new Date() })
          .where(eq(jobs.id, job.id));
      }
      queued.push({ job, ids: again.map((d) => d.id) });
    }
  });
  const idsOf = new Map(queued.map((q) => [q.job.id, q.ids]));
  for (const job of found) {
    await auditJob(ctx, auth, job, 'delivery.retry', ip, { deliveryIds: idsOf.get(job.id) ?? [] });
  }
  const ids = queued.flatMap((q) => q.ids);
  return { queued: await deliveryAnswers(ctx.database.db, auth.permissions, { ids }) };
}
