import {
  DeliveriesQuerySchema,
  DeliveriesQueuedSchema,
  DeliveriesSchema,
  RedirectDeliverySchema,
  RetryDeliveriesSchema,
} from '../delivery.js';
import { endpoint } from '../endpoint.js';

const tags = ['delivery'];

/** Automatic distribution (issue 43): a job's deliveries, Retry and Redirect of failed ones. */
export const DELIVERY = {
  /** Every delivery of a job, newest first. */
  list: endpoint({
    method: 'GET',
    path: '/api/jobs/deliveries',
    tags,
    query: DeliveriesQuerySchema,
    answer: DeliveriesSchema,
  }),
  /** Tries the failed deliveries of the jobs again (after the number or address was fixed). */
  retry: endpoint({
    method: 'POST',
    path: '/api/jobs/deliveries/retry',
    tags,
    body: RetryDeliveriesSchema,
    answer: DeliveriesQueuedSchema,
  }),
  /** Sends a failed delivery to another recipient or by another method instead. */
  redirect: endpoint({
    method: 'POST',
    path: '/api/jobs/deliveries/redirect',
    tags,
    body: RedirectDeliverySchema,
    answer: DeliveriesQueuedSchema,
  }),
};
