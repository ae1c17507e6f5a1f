import { type JobDataRequest, message } from '@quill/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobOrders, type jobs, orders } from '../../db/schema/index.js';
import { invalid } from '../../errors/domainErrors.js';
import { MAX_INT4 } from '../audio/requireCreateFacility.js';
import { loadPhysicians } from '../jobEditor/jobRows.js';
import { type FacilityAdtDefinitions, loadAdtDefinitions } from './adtDefinitions.js';
import { patientFallbackValues, physicianValues, textValues } from './jobAdtValues.js';
import { mergeAdtValues, mergePhysicianItems } from './mergeAdtValues.js';

type Job = typeof jobs.$inferSelect;
type JobOrderRow = typeof jobOrders.$inferSelect;
type PostedOrder = NonNullable<JobDataRequest['orderData']>[number];

/** One of the job's orders as it would be after the change. */
export interface PlannedOrder {
  /** The job_orders row it updates; null for a new order. */
  rowId: number | null;
  /** The row id as text, or for a new order the posted temporary id (else "new-1", "new-2" …). */
  instanceId: string;
  orderId: number | null;
  adt: Record<string, string>;
  physicians: Record<string, number>;
  /** Its values or physicians change (always true for a new order). */
  changed: boolean;
}

/** What a save's ADT part would change: the job's values, physician items and orders after it. */
export interface JobAdtPlan {
  defs: FacilityAdtDefinitions;
  adt: Record<string, string>;
  physicians: Record<string, number>;
  /** The job's orders in their new order; null when orderData was not posted (they stay). */
  orders: PlannedOrder[] | null;
  /** The job_orders rows the change removes. */
  removedOrders: number[];
  /** Keys of the job's values and physician items that change; whether the orders change. */
  changed: { values: string[]; physicians: string[]; orders: boolean };
}

/** Whether the plan changes anything (what needs jobEditAdt and writes an audit row). */
export const adtPlanChanges = (plan: JobAdtPlan) =>
  plan.changed.values.length > 0 || plan.changed.physicians.length > 0 || plan.changed.orders;

/** What an ADT audit row says about a change: keys and counts, never values. */
export function adtChangeSummary(plan: JobAdtPlan) {
  const kept = plan.orders?.filter((o) => o.rowId !== null) ?? [];
  return {
    values: plan.changed.values,
    physicians: plan.changed.physicians,
    orders: plan.orders && {
      added: plan.orders.length - kept.length,
      updated: kept.filter((o) => o.changed).length,
      removed: plan.removedOrders.length,
    },
  };
}

/**
 * A new order's link must be an order of the job's visit (a record the search found and Accept
 * ADT can link); a link may be on the job once. Throws invalid (400).
 */
async function checkOrderLinks(db: Db, job: Job, kept: JobOrderRow[], added: PostedOrder[]) {
  const links = [...kept.map((r) => r.orderId), ...added.map((o) => o.orderId)].filter(
    (id): id is number => id !== null,
  );
  const twice = links.find((id, i) => links.indexOf(id) !== i);
  if (twice !== undefined) throw invalid(message('adt.orderTwice', { orderId: twice }));
  const wanted = added.flatMap((o) => (o.orderId === null ? [] : [o.orderId]));
  if (!wanted.length) return;
  const found =
    job.visitId !== null && wanted.every((id) => id <= MAX_INT4)
      ? await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(inArray(orders.id, wanted), eq(orders.visitId, job.visitId)))
      : [];
  if (found.length !== new Set(wanted).size) throw invalid(message('adt.orderNotFound'));
}

/**
 * The job's orders after a posted orderData (the whole list, in its order): a posted order whose
 * instanceId is one of the job's orders updates it (its record link stays), any other (null or a
 * temporary id of the web) is new, and the job's orders not posted are removed.
 */
async function planOrders(
  db: Db,
  job: Job,
  defs: FacilityAdtDefinitions,
  posted: readonly PostedOrder[],
  known: ReadonlyMap<number, { disabled: boolean }>,
) {
  const rows = await db
    .select()
    .from(jobOrders)
    .where(eq(jobOrders.jobId, job.id))
    .orderBy(asc(jobOrders.ordinal), asc(jobOrders.id));
  if (posted.length && !defs.orderValues.length && !defs.orderPhysicians.length)
    throw invalid(message('adt.noOrders'));
  const byInstance = new Map(rows.map((r) => [String(r.id), r]));
  const used = new Set<number>();
  let fresh = 0;
  const planned: PlannedOrder[] = posted.map((p) => {
    const row = p.instanceId !== null ? byInstance.get(p.instanceId) : undefined;
    if (row && used.has(row.id)) throw invalid(message('adt.orderTwice', { orderId: p.instanceId ?? '' }));
    if (row) used.add(row.id);
    const values = mergeAdtValues(defs.orderValues, row ? textValues(row.adt) : {}, p.outputAdtData);
    const physicians = mergePhysicianItems(
      defs.orderPhysicians,
      row ? physicianValues(row.physicians) : {},
      p.hl7Physician,
      known,
    );
    return {
      rowId: row?.id ?? null,
      instanceId: row ? String(row.id) : (p.instanceId ?? `new-${++fresh}`),
      orderId: row ? row.orderId : p.orderId,
      adt: values.values,
      physicians: physicians.values,
      changed: !row || values.changed.length > 0 || physicians.changed.length > 0,
    };
  });
  const kept = rows.filter((r) => used.has(r.id));
  await checkOrderLinks(
    db,
    job,
    kept,
    posted.filter((_, i) => planned[i]!.rowId === null),
  );
  const removed = rows.filter((r) => !used.has(r.id)).map((r) => r.id);
  // The kept orders in their posted order against their stored order.
  const keptOrder = planned.flatMap((o) => (o.rowId === null ? [] : [o.rowId]));
  const reordered = keptOrder.some((id, i) => id !== kept[i]!.id);
  return { planned, removed, changed: removed.length > 0 || reordered || planned.some((o) => o.changed) };
}

/**
 * What the ADT part of posted job data (inputAdtData, orderData, hl7Physician; spec 02 §7) would
 * change on the job as `db` sees it, validated against the facility's definitions (400 naming
 * the field; services/adt/mergeAdtValues). Absent parts stay as stored. Changes nothing.
 */
export async function planJobAdt(db: Db, job: Job, request: JobDataRequest): Promise<JobAdtPlan> {
  const defs = await loadAdtDefinitions(db, job);
  const physicianIds = [
    ...(request.hl7Physician ?? []),
    ...(request.orderData ?? []).flatMap((o) => o.hl7Physician),
  ].map((p) => (p.physicianId !== null && p.physicianId <= MAX_INT4 ? p.physicianId : null));
  const known = await loadPhysicians(db, job.corporateStructureId, physicianIds);

  const values = request.inputAdtData
    ? mergeAdtValues(
        defs.values,
        textValues(job.adt),
        request.inputAdtData,
        await patientFallbackValues(db, job),
      )
    : { values: textValues(job.adt), changed: [] };
  const physicians = mergePhysicianItems(
    defs.physicians,
    physicianValues(job.adtPhysicians),
    request.hl7Physician ?? [],
    known,
  );
  const ordered = request.orderData ? await planOrders(db, job, defs, request.orderData, known) : null;
  return {
    defs,
    adt: values.values,
    physicians: physicians.values,
    orders: ordered?.planned ?? null,
    removedOrders: ordered?.removed ?? [],
    changed: {
      values: values.changed,
      physicians: physicians.changed,
      orders: ordered?.changed ?? false,
    },
  };
}
