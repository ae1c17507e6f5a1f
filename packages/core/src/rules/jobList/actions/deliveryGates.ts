import { LIMITS } from '../../settings/constants.js';
import type { Gate } from './actionGates.js';

type Perms = ReadonlySet<string>;

/**
 * Retry and Redirect of failed deliveries (issue 43) are distribution actions: like clearing the
 * manual distribution list (spec 01 §6), they need distributionJobActionsQueue, and are hidden
 * without it (the server refuses them with 403).
 */
export function deliveryActionGate(perms: Perms): Gate {
  return perms.has('distributionJobActionsQueue') ? { shown: true, disabledBy: null } : { shown: false };
}

/** Retry of the checked jobs' failed deliveries: offered in the failed queue, at most LIMITS.maxBulkJobs jobs. */
export function retryDeliveriesGate(perms: Perms, jobIds: readonly number[], queue: string): Gate {
  if (queue !== 'failed') return { shown: false };
  const gate = deliveryActionGate(perms);
  if (!gate.shown) return gate;
  if (new Set(jobIds).size > LIMITS.maxBulkJobs)
    return { shown: true, disabledBy: { key: 'deliveries.tooMany', values: { max: LIMITS.maxBulkJobs } } };
  return gate;
}
