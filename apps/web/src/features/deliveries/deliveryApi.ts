import type { DeliveryMethod } from '@quill/core/contract/delivery';
import { DELIVERY } from '@quill/core/contract/endpoints/delivery';
import { callApi } from '../../lib/api';

/** The delivery calls wait as long as the job list's (spec 01 §7: 60 s). */
const TIMEOUT_MS = 60_000;

/** react-query keys of a job's deliveries; `all` covers every job's. */
export const deliveryKeys = {
  all: ['deliveries'] as const,
  job: (jobId: number) => ['deliveries', jobId] as const,
};

/** Every delivery of a job, newest first. */
export const fetchDeliveries = (jobId: number, signal?: AbortSignal) =>
  callApi(DELIVERY.list, { query: { jobId } }, { timeoutMs: TIMEOUT_MS, signal });

/** Tries the failed deliveries of these jobs again. */
export const retryDeliveries = (jobIds: readonly number[]) =>
  callApi(DELIVERY.retry, { body: { jobIds: [...jobIds] } }, { timeoutMs: TIMEOUT_MS });

export interface RedirectRequest {
  deliveryId: number;
  method: DeliveryMethod;
  /** Another of the job's recipients; null: the same recipient. */
  recipientId: number | null;
  /** A fax number typed for this delivery (method fax); undefined: the recipient's own. */
  faxNumber?: string;
}

/** Sends a failed delivery to another recipient, by another method, or to a corrected fax number. */
export const redirectDelivery = (request: RedirectRequest) =>
  callApi(DELIVERY.redirect, { body: request }, { timeoutMs: TIMEOUT_MS });
