import { UPLOAD_EFFECT_LIMITS, type UploadEffect } from '@quill/core';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobOrders, jobs, uploadChanges } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import type { ImportResult } from './importSchedule.js';
import type { ChangeEntity } from './uploadChanges.js';
import { listedChange } from './uploadPlan.js';
import { canRevert, requireTenantUpload } from './uploadScope.js';

const idsOf = (rows: { entity: string; entityId: number }[], entity: ChangeEntity) => [
  ...new Set(rows.filter((r) => r.entity === entity).map((r) => r.entityId)),
];

/** The jobs of the changed patients, visits and orders (at most `limit` ids, and their count). */
async function changedJobs(ctx: AppContext, patientIds: number[], visitIds: number[], orderIds: number[]) {
  const { db } = ctx.database;
  const ids = new Set<number>();
  if (patientIds.length || visitIds.length) {
    const conds = [
      ...(patientIds.length ? [inArray(jobs.patientId, patientIds)] : []),
      ...(visitIds.length ? [inArray(jobs.visitId, visitIds)] : []),
    ];
    for (const j of await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(or(...conds)))
      ids.add(j.id);
  }
  if (orderIds.length) {
    const rows = await db
      .select({ id: jobOrders.jobId })
      .from(jobOrders)
      .where(inArray(jobOrders.orderId, orderIds));
    for (const j of rows) ids.add(j.id);
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * GET /api/schedule/uploads/{uploadId}/effect: what a processed upload changed — the patients,
 * visits and jobs it touched and the first changed fields with their values before and after.
 * Patient data: audited (schedule.effect).
 */
export async function getUploadEffect(
  ctx: AppContext,
  auth: Auth,
  uploadId: number,
  ip: string | null = null,
): Promise<UploadEffect> {
  const upload = await requireTenantUpload(ctx, auth, uploadId);
  const rows = await ctx.database.db
    .select()
    .from(uploadChanges)
    .where(eq(uploadChanges.uploadId, upload.id))
    .orderBy(asc(uploadChanges.id));
  const patientIds = idsOf(rows, 'patient');
  const visitIds = idsOf(rows, 'visit');
  const orderIds = idsOf(rows, 'order');
  const result = (upload.result ?? {}) as Partial<ImportResult>;
  // Issue 39: an upload confirmed after its preview knows the jobs it changed and the final ones it left.
  const jobIds = result.changedJobIds ?? (await changedJobs(ctx, patientIds, visitIds, orderIds));
  const jobCount = result.jobsChanged ?? jobIds.length;
  // A pin keeps what a final job showed: not a change of it.
  const shown = rows.filter((r) => r.op !== 'pin');
  const listed = shown.slice(0, UPLOAD_EFFECT_LIMITS.listedChanges);
  const changes = listed.map(listedChange);
  await recordAudit(ctx, {
    action: 'schedule.effect',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
    detail: { uploadId: upload.id, patients: patientIds.length, changes: rows.length },
  });
  return {
    uploadId: upload.id,
    fileName: upload.fileName,
    patients: patientIds.length,
    visits: visitIds.length,
    jobs: jobCount,
    jobIds: jobIds.slice(0, UPLOAD_EFFECT_LIMITS.listedJobs),
    finalJobs: result.jobsFinal ?? 0,
    finalJobIds: result.finalJobIds ?? [],
    changes,
    moreChanges: shown.length - listed.length,
    revertedAt: upload.revertedAt?.toISOString() ?? null,
    canRevert: canRevert(auth, upload),
  };
}
