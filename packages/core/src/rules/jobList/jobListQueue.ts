import { QUEUE_NAMES, type QueueName } from '../settings/constants.js';

/** Spec 01 §4/§9: the queue shown when none is stored and the one an invalid name becomes. */
export const DEFAULT_QUEUE: QueueName = 'pending';

/** True when the value is one of the four queue names (exactly, in lower case). */
export function isQueueName(value: unknown): value is QueueName {
  return typeof value === 'string' && (QUEUE_NAMES as readonly string[]).includes(value);
}

/**
 * Spec 01 §2/§4: the queue a `joblisttype` route parameter (or a stored queue name) stands for.
 * Letter case is ignored; anything else unknown becomes pending, with `known: false` so the caller
 * can warn and redirect to the same route with pending.
 */
export function resolveQueueName(value: string | null | undefined): { queue: QueueName; known: boolean } {
  const lower = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return isQueueName(lower) ? { queue: lower, known: true } : { queue: DEFAULT_QUEUE, known: false };
}

/**
 * The queues whose tickers and lists the account may open (spec 01 §2: the Hold Queue ticker only
 * with holdQueueView), in ticker order.
 */
export function visibleQueues(canViewHoldQueue: boolean): QueueName[] {
  return QUEUE_NAMES.filter((q) => q !== 'hq' || canViewHoldQueue);
}
