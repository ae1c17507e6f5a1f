import { message, UPLOAD_EFFECT_LIMITS, type UploadChange, type UploadEffect } from '@quill/core';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobOrders, jobs, uploadChanges } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/resolveSession.js';
import type { ChangeEntity } from './uploadChanges.js';
import { canRevert, requireTenantUpload } from './uploadScope.js';

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
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

/** The record of a change in words: "Patient 100234", "Visit V1", "Order O-1". */
export const recordLabel = (c: { entity: string; record: string }) =>
  `${message(`schedule.effectEntity.${c.entity as ChangeEntity}`)} ${c.record}`;

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
  const jobIds = await changedJobs(ctx, patientIds, visitIds, orderIds);
  const listed = rows.slice(0, UPLOAD_EFFECT_LIMITS.listedChanges);
  const changes: UploadChange[] = listed.map((r) => ({
    entity: r.entity as UploadChange['entity'],
    op: r.op as UploadChange['op'],
    record: recordLabel(r),
    field: r.field,
    previous: r.op === 'update' ? text(r.previous) : null,
    next: r.op === 'update' ? text(r.next) : null,
  }));
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
    jobs: jobIds.length,
    jobIds: jobIds.slice(0, UPLOAD_EFFECT_LIMITS.listedJobs),
    changes,
    moreChanges: rows.length - listed.length,
    revertedAt: upload.revertedAt?.toISOString() ?? null,
    canRevert: canRevert(auth, upload),
  };
}
