import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jobOrders, jobs } from '../../db/schema/index.js';
import type { JobAdtPlan } from './planJobAdt.js';

/** The job's columns a checked ADT plan changes: jobs.adt and jobs.adt_physicians when they change. */
export function jobAdtColumns(
  plan: JobAdtPlan,
): Partial<Pick<typeof jobs.$inferInsert, 'adt' | 'adtPhysicians'>> {
  return {
    ...(plan.changed.values.length ? { adt: plan.adt } : {}),
    ...(plan.changed.physicians.length ? { adtPhysicians: plan.physicians } : {}),
  };
}

/**
 * Writes a checked plan's orders inside the caller's transaction when they change: removed rows
 * deleted first (so a record link can move to a new row), kept rows updated with their new place,
 * new rows inserted. The job's own columns are the caller's to write (jobAdtColumns).
 */
export async function writeJobOrders(db: Db, jobId: number, plan: JobAdtPlan): Promise<void> {
  if (!plan.orders || !plan.changed.orders) return;
  if (plan.removedOrders.length) await db.delete(jobOrders).where(inArray(jobOrders.id, plan.removedOrders));
  for (const [ordinal, o] of plan.orders.entries()) {
    const values = { ordinal, adt: o.adt, physicians: o.physicians };
    if (o.rowId !== null) await db.update(jobOrders).set(values).where(eq(jobOrders.id, o.rowId));
    else await db.insert(jobOrders).values({ jobId, orderId: o.orderId, ...values });
  }
}

/**
 * Writes a checked ADT plan inside the caller's transaction (a save's, or the hold-queue check's
 * trial that is rolled back): jobs.adt and jobs.adt_physicians when they change, and the orders
 * (writeJobOrders).
 */
export async function writeJobAdt(db: Db, jobId: number, plan: JobAdtPlan): Promise<void> {
  const set = jobAdtColumns(plan);
  if (Object.keys(set).length) await db.update(jobs).set(set).where(eq(jobs.id, jobId));
  await writeJobOrders(db, jobId, plan);
}
