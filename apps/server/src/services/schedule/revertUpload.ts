import { isFinalForUpload, message, type RevertUploadResponse } from '@quill/core';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import {
  bookings,
  jobOrders,
  jobs,
  orders,
  patients,
  uploadChanges,
  uploads,
  visits,
} from '../../db/schema/index.js';
import { conflict } from '../../errors/domainErrors.js';
import { textValues } from '../adt/jobAdtValues.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import type { ImportResult } from './importSchedule.js';
import { type FieldValue, type RecordEntity, rowFields } from './uploadChanges.js';
import { recordLabel } from './uploadPlan.js';
import { requireRevertPermission, requireTenantUpload } from './uploadScope.js';

type ChangeRow = typeof uploadChanges.$inferSelect;
const TABLES = { patient: patients, visit: visits, order: orders } as const;
const DATE_COLUMNS = new Set(['admittedAt', 'dischargedAt', 'orderedAt']);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const column = (field: string, value: unknown) =>
  DATE_COLUMNS.has(field) && typeof value === 'string' ? new Date(value) : (value ?? null);
/** A kept record (JSON: dates as text) as column values. */
const revive = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, column(k, v)]));

class Reverter {
  restored = 0;
  keptFinal = 0;

  constructor(
    private readonly tx: Tx,
    private readonly uploadId: number,
  ) {}

  private conflict(key: 'revertConflict' | 'revertConflictInUse' | 'revertConflictExists', c: ChangeRow) {
    return conflict(
      message(`schedule.${key}`, {
        id: this.uploadId,
        record: recordLabel(c),
        field: c.field ?? '',
      }),
    );
  }

  /** A visit the upload deleted comes back with its id and orders, unless it was added again. */
  async undelete(c: ChangeRow): Promise<void> {
    const kept = c.previous as { visit: Record<string, unknown>; orders: Record<string, unknown>[] };
    const visit = revive(kept.visit) as typeof visits.$inferInsert;
    const [again] = await this.tx
      .select({ id: visits.id })
      .from(visits)
      .where(and(eq(visits.patientId, visit.patientId), eq(visits.visitNumber, visit.visitNumber)));
    const [patient] = await this.tx
      .select({ id: patients.id })
      .from(patients)
      .where(eq(patients.id, visit.patientId));
    if (again || !patient) throw this.conflict('revertConflictExists', c);
    await this.tx.insert(visits).values(visit);
    if (kept.orders.length)
      await this.tx.insert(orders).values(kept.orders.map((o) => revive(o) as typeof orders.$inferInsert));
    this.restored++;
  }

  /** Fields the upload changed get their previous values, when they still hold the upload's. */
  async restore(entity: RecordEntity, id: number, changes: ChangeRow[]): Promise<void> {
    const table = TABLES[entity];
    const [row] = await this.tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!row) throw this.conflict('revertConflict', changes[0]!);
    const now = rowFields(entity, row as Record<string, unknown>);
    const set: Record<string, unknown> = {};
    const adt = { ...((row as { adt: Record<string, string> }).adt ?? {}) };
    for (const c of changes) {
      if (!same(now[c.field!], c.next)) throw this.conflict('revertConflict', c);
      const previous = c.previous as FieldValue;
      if (c.field!.startsWith('adt.')) {
        const key = c.field!.slice(4);
        if (previous === null) delete adt[key];
        else adt[key] = previous;
      } else set[c.field!] = column(c.field!, previous);
      this.restored++;
    }
    await this.tx
      .update(table)
      .set({ ...set, adt } as never)
      .where(eq(table.id, id));
  }

  /**
   * Issue 39: a job's values the upload wrote get their previous ones back, when they still hold
   * the upload's (409 otherwise) — unless the job is final by now: its document went out with them,
   * so it stays as it is. A value pinned on a final job is dropped (its record has it again).
   */
  async restoreJob(jobId: number, changes: ChangeRow[]): Promise<void> {
    const [job] = await this.tx
      .select({
        adt: jobs.adt,
        stageId: jobs.stageId,
        signedAt: jobs.signedAt,
        restoreStageId: bookings.restoreStageId,
      })
      .from(jobs)
      .leftJoin(bookings, eq(bookings.jobId, jobs.id))
      .where(eq(jobs.id, jobId))
      .for('update', { of: jobs });
    if (!job) return;
    const adt = textValues(job.adt);
    const final = isFinalForUpload(job);
    for (const c of changes) {
      const key = c.field!;
      if (c.op === 'pin') {
        if (adt[key] === c.next) delete adt[key];
        continue;
      }
      if (final) {
        this.keptFinal++;
        continue;
      }
      if (adt[key] !== c.next) throw this.conflict('revertConflict', c);
      if (c.previous === null) delete adt[key];
      else adt[key] = c.previous as string;
      this.restored++;
    }
    await this.tx.update(jobs).set({ adt }).where(eq(jobs.id, jobId));
  }

  /** Records the upload added are removed, unless a job or a record of another upload uses them. */
  async remove(c: ChangeRow, removed: { visit: number[]; order: number[] }): Promise<void> {
    const id = c.entityId;
    const table = TABLES[c.entity as RecordEntity];
    const [row] = await this.tx.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!row) return; // Already gone (a later upload deleted it).
    let inUse = false;
    if (c.entity === 'order') {
      inUse = (await this.tx.$count(jobOrders, eq(jobOrders.orderId, id))) > 0;
    } else if (c.entity === 'visit') {
      inUse =
        (await this.tx.$count(jobs, eq(jobs.visitId, id))) > 0 ||
        (await this.tx.$count(orders, and(eq(orders.visitId, id), notIn(orders.id, removed.order)))) > 0;
    } else {
      inUse =
        (await this.tx.$count(jobs, eq(jobs.patientId, id))) > 0 ||
        (await this.tx.$count(visits, and(eq(visits.patientId, id), notIn(visits.id, removed.visit)))) > 0;
    }
    if (inUse) throw this.conflict('revertConflictInUse', c);
    await this.tx.delete(table).where(eq(table.id, id));
    this.restored++;
  }
}

const notIn = (col: typeof orders.id | typeof visits.id, ids: number[]) =>
  ids.length ? notInArray(col, ids) : undefined;

/**
 * POST /api/schedule/uploads/{uploadId}/revert: a manager (member type manager with the upload's
 * permission) undoes a processed upload in one transaction — deleted visits come back, changed
 * fields get their previous values, added records are removed — only when nothing changed those
 * fields or used those records since (409 naming the first conflict; nothing is changed then).
 * Audited as schedule.revert. See docs/decisions.md "Schedule upload preview and revert".
 */
export async function revertUpload(
  ctx: AppContext,
  auth: Auth,
  uploadId: number,
  ip: string | null,
): Promise<RevertUploadResponse> {
  const upload = await requireTenantUpload(ctx, auth, uploadId);
  requireRevertPermission(auth, upload.kind);
  if (upload.revertedAt) throw conflict(message('schedule.revertAlready', { id: upload.id }));
  if (upload.status !== 'done') throw conflict(message('schedule.revertNotDone', { id: upload.id }));
  if (((upload.result ?? {}) as Partial<ImportResult>).changesKept !== true)
    throw conflict(message('schedule.revertNothingKept', { id: upload.id }));
  const { db } = ctx.database;
  // Read outside the transaction: PGlite has one connection.
  const rows = await db
    .select()
    .from(uploadChanges)
    .where(eq(uploadChanges.uploadId, upload.id))
    .orderBy(asc(uploadChanges.id));
  const revertedAt = new Date();
  const restored = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ revertedAt: uploads.revertedAt })
      .from(uploads)
      .where(eq(uploads.id, upload.id))
      .for('update');
    if (locked?.revertedAt) throw conflict(message('schedule.revertAlready', { id: upload.id }));
    const r = new Reverter(tx, upload.id);
    for (const c of rows.filter((x) => x.op === 'delete')) await r.undelete(c);
    const groups = new Map<string, ChangeRow[]>();
    const jobChanges = new Map<number, ChangeRow[]>();
    for (const c of rows.filter((x) => x.entity === 'job'))
      jobChanges.set(c.entityId, [...(jobChanges.get(c.entityId) ?? []), c]);
    for (const [jobId, changes] of jobChanges) await r.restoreJob(jobId, changes);
    for (const c of rows.filter((x) => x.op === 'update' && x.entity !== 'job')) {
      const key = `${c.entity}:${c.entityId}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    for (const group of groups.values())
      await r.restore(group[0]!.entity as RecordEntity, group[0]!.entityId, group);
    const inserted = rows.filter((x) => x.op === 'insert');
    const removed = {
      visit: inserted.filter((x) => x.entity === 'visit').map((x) => x.entityId),
      order: inserted.filter((x) => x.entity === 'order').map((x) => x.entityId),
    };
    for (const entity of ['order', 'visit', 'patient'])
      for (const c of inserted.filter((x) => x.entity === entity)) await r.remove(c, removed);
    await tx.update(uploads).set({ revertedAt, revertedBy: auth.userId }).where(eq(uploads.id, upload.id));
    const patientIds = [...new Set(rows.filter((x) => x.entity === 'patient').map((x) => x.entityId))];
    await recordAudit(
      ctx,
      {
        action: 'schedule.revert',
        outcome: 'success',
        userId: auth.userId,
        accountId: auth.accountId,
        ip,
        detail: { uploadId: upload.id, restored: r.restored, keptFinal: r.keptFinal, patientIds },
      },
      tx,
    );
    return r.restored;
  });
  return { uploadId: upload.id, revertedAt: revertedAt.toISOString(), restored };
}
