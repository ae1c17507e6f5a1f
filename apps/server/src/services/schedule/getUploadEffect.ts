import { message, UPLOAD_EFFECT_LIMITS, type UploadChange, type UploadEffect } from '@quill/core';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobOrders, jobs, orders, patients, uploadChanges, visits } from '../../db/schema/index.js';
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
export async function recordLabels(
  ctx: AppContext,
  rows: { entity: string; entityId: number; previous: unknown }[],
): Promise<(entity: string, id: number) => string> {
  const { db } = ctx.database;
  const labels = new Map<string, string>();
  const name = (entity: string, id: number, value: string) =>
    labels.set(`${entity}:${id}`, `${message(`schedule.effectEntity.${entity as ChangeEntity}`)} ${value}`);
  const p = idsOf(rows as { entity: string; entityId: number }[], 'patient');
  const v = idsOf(rows as { entity: string; entityId: number }[], 'visit');
  const o = idsOf(rows as { entity: string; entityId: number }[], 'order');
  if (p.length)
    for (const r of await db
      .select({ id: patients.id, mrn: patients.mrn })
      .from(patients)
      .where(inArray(patients.id, p)))
      name('patient', r.id, r.mrn);
  for (const r of rows) {
    // A deleted visit is named from its kept copy.
    const kept = (r.previous as { visit?: { visitNumber?: string } } | null)?.visit?.visitNumber;
    if (r.entity === 'visit' && kept) name('visit', r.entityId, kept);
  }
  if (v.length)
    for (const r of await db
      .select({ id: visits.id, n: visits.visitNumber })
      .from(visits)
      .where(inArray(visits.id, v)))
      name('visit', r.id, r.n);
  if (o.length)
    for (const r of await db
      .select({ id: orders.id, n: orders.orderNumber })
      .from(orders)
      .where(inArray(orders.id, o)))
      name('order', r.id, r.n);
  return (entity, id) =>
    labels.get(`${entity}:${id}`) ?? `${message(`schedule.effectEntity.${entity as ChangeEntity}`)} #${id}`;
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
  const jobIds = await changedJobs(ctx, patientIds, visitIds, orderIds);
  const listed = rows.slice(0, UPLOAD_EFFECT_LIMITS.listedChanges);
  const label = await recordLabels(ctx, listed);
  const changes: UploadChange[] = listed.map((r) => ({
    entity: r.entity as UploadChange['entity'],
    op: r.op as UploadChange['op'],
    record: label(r.entity, r.entityId),
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
