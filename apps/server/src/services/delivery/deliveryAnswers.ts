import {
  canSeePatientName,
  type Delivery,
  type DeliveryMethod,
  type DeliveryStatus,
  message,
} from '@quill/core';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { distributions, physicians, recipients } from '../../db/schema/index.js';
import { recipientContact } from '../fax/getContactListForJob.js';

/**
 * Deliveries as the calls answer them (DeliverySchema), newest first: each with its recipient's
 * name (a patient named only to an account that may see patient names), method, status, version,
 * tries and last error. Either every delivery of `jobId`, or the deliveries `ids`.
 */
export async function deliveryAnswers(
  db: Db,
  permissions: ReadonlySet<string>,
  which: { jobId: number } | { ids: number[] },
): Promise<Delivery[]> {
  if ('ids' in which && !which.ids.length) return [];
  const rows = await db
    .select({ d: distributions, r: recipients, p: physicians })
    .from(distributions)
    .leftJoin(recipients, eq(recipients.id, distributions.recipientId))
    .leftJoin(physicians, eq(physicians.id, recipients.physicianId))
    .where('jobId' in which ? eq(distributions.jobId, which.jobId) : inArray(distributions.id, which.ids))
    .orderBy(desc(distributions.createdAt), desc(distributions.id));
  const showPatient = canSeePatientName(permissions);
  return rows.map(({ d, r, p }) => ({
    id: d.id,
    recipientId: d.recipientId,
    recipientName: r ? recipientContact(r, p, showPatient).name : message('fax.recipientTypes.custom'),
    method: (['fax', 'print', 'electronic'].includes(d.method) ? d.method : 'print') as DeliveryMethod,
    status: d.status as DeliveryStatus,
    preliminary: d.preliminary,
    jobVersion: d.jobVersion,
    attempts: d.attempts,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    completedAt: d.completedAt?.toISOString() ?? null,
  }));
}
