import type { DeliveryMethod } from '../../contract/delivery.js';
import { STAGES } from '../jobList/stages.js';

/**
 * Automatic distribution (issue 43, docs/domain.md "Workflow"): which deliveries a job gets when it
 * reaches a distribution stage, the key that makes each one happen once, and where the job goes
 * when its deliveries are done.
 */

/** The stages in which a job is on its way out: Pending Fax, Manual Distribution, Pending Electronic. */
export const DISTRIBUTION_STAGE_IDS: readonly number[] = [
  STAGES.pendingFax.id,
  STAGES.manualDistribution.id,
  STAGES.pendingElectronic.id,
];

/** Whether a job in `stageId` is to be distributed now. */
export function isDistributionStage(stageId: number): boolean {
  return DISTRIBUTION_STAGE_IDS.includes(stageId);
}

const METHODS: readonly DeliveryMethod[] = ['fax', 'print', 'electronic'];

/** A recipient as the plan reads it: its id, whether it was removed, and its method. */
export interface PlanRecipient {
  id: number;
  removed: boolean;
  distributionMethod: string;
}

/** One delivery to make: a live recipient by its method. */
export interface PlannedDelivery {
  recipientId: number;
  method: DeliveryMethod;
}

/**
 * One delivery per live recipient by its method (an unknown method reads as print, the column's
 * default), leaving out print when the job skips print and electronic when it skips export
 * (spec 02 §3 skipPrint, skipExport). A recipient appears at most once per method.
 */
export function planDeliveries(
  recipients: readonly PlanRecipient[],
  job: { skipPrint: boolean; skipExport: boolean },
): PlannedDelivery[] {
  const seen = new Set<string>();
  const planned: PlannedDelivery[] = [];
  for (const r of recipients) {
    if (r.removed) continue;
    const method = (METHODS as readonly string[]).includes(r.distributionMethod)
      ? (r.distributionMethod as DeliveryMethod)
      : 'print';
    if ((method === 'print' && job.skipPrint) || (method === 'electronic' && job.skipExport)) continue;
    const key = `${r.id}:${method}`;
    if (seen.has(key)) continue;
    seen.add(key);
    planned.push({ recipientId: r.id, method });
  }
  return planned;
}

/**
 * The key of one delivery: job, job version, recipient, method, final or preliminary. Unique in
 * `distributions.delivery_key`, so a delivery is written (and sent) once per recipient and version
 * however often distribution is started; also a transport's idempotency key (letters, digits, -).
 */
export function deliveryKey(d: {
  jobId: number;
  jobVersion: number;
  recipientId: number;
  method: DeliveryMethod;
  preliminary: boolean;
}): string {
  return `j${d.jobId}-v${d.jobVersion}-r${d.recipientId}-${d.method}-${d.preliminary ? 'pre' : 'final'}`;
}

/** The key of the delivery that replaces failed delivery `fromId` (Redirect): one per failed delivery. */
export function redirectKey(fromId: number, jobVersion: number, method: DeliveryMethod): string {
  return `d${fromId}-v${jobVersion}-${method}-redirect`;
}

/** What the plan needs of a delivery to settle its job. */
export interface SettleDelivery {
  method: string;
  status: string;
}

/** The failed stage of the methods that failed: one method's own (fax 4, print 5, electronic 6), or 7. */
export function failedStageOf(methods: readonly string[]): number {
  const distinct = [...new Set(methods)];
  if (distinct.length !== 1) return STAGES.distributionFailed.id;
  if (distinct[0] === 'fax') return STAGES.faxFailed.id;
  if (distinct[0] === 'electronic') return STAGES.electronicFailed.id;
  return STAGES.printFailed.id;
}

/**
 * Where a job's final deliveries of its version leave it (redirected ones count through the
 * delivery that replaced them, which is in the list): `finished` when every one was sent,
 * `failed` with the stage of the failed methods once nothing is still on its way and one failed,
 * `waiting` while any is queued or sending (or none exists).
 */
export function settleDistribution(
  deliveries: readonly SettleDelivery[],
): { kind: 'finished' } | { kind: 'failed'; stageId: number } | { kind: 'waiting' } {
  const live = deliveries.filter((d) => d.status !== 'redirected');
  if (!live.length || live.some((d) => d.status === 'queued' || d.status === 'sending')) {
    return { kind: 'waiting' };
  }
  const failed = live.filter((d) => d.status === 'failed');
  if (failed.length) return { kind: 'failed', stageId: failedStageOf(failed.map((d) => d.method)) };
  return { kind: 'finished' };
}

/** The pending stage a job returns to while its deliveries of `methods` are tried again. */
export function pendingStageOf(methods: readonly string[]): number {
  if (methods.includes('fax')) return STAGES.pendingFax.id;
  if (methods.includes('electronic')) return STAGES.pendingElectronic.id;
  return STAGES.manualDistribution.id;
}
