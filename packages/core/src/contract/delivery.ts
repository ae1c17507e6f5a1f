import { z } from 'zod';
import { LIMITS } from '../rules/settings/constants.js';
import { plainText } from './documents/text.js';
import { bodyId, queryId } from './ids.js';

/**
 * Automatic distribution (issue 43): every delivery of a job to a recipient by a method, its
 * outcome, and the failed queue's Retry and Redirect. Registered in the endpoint table
 * (endpoints/delivery.ts) by the change that serves it.
 */

export const DeliveryMethodSchema = z.enum(['fax', 'print', 'electronic']);
export type DeliveryMethod = z.infer<typeof DeliveryMethodSchema>;

export const DeliveryStatusSchema = z.enum(['queued', 'sending', 'sent', 'failed', 'redirected']);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

/** One delivery of a job (a row of the job's distribution history). */
export const DeliverySchema = z.object({
  id: z.number().int(),
  /** The job's recipient row it goes to (null: a number typed for a Redirect). */
  recipientId: z.number().int().nullable(),
  recipientName: z.string(),
  method: DeliveryMethodSchema,
  status: DeliveryStatusSchema,
  preliminary: z.boolean(),
  jobVersion: z.number().int().nullable(),
  attempts: z.number().int(),
  /** Why the last attempt failed, in words (no patient data). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

/** Query of ENDPOINTS.delivery.list. */
export const DeliveriesQuerySchema = z.object({ jobId: queryId('jobId') });
export const DeliveriesSchema = z.array(DeliverySchema);

/** Body of ENDPOINTS.delivery.retry: the failed deliveries of these jobs are tried again. */
export const RetryDeliveriesSchema = z.object({
  jobIds: z
    .array(bodyId('jobId'))
    .min(1, 'Choose at least one job')
    .max(LIMITS.maxBulkJobs, `Retry at most ${LIMITS.maxBulkJobs} jobs at once`),
});

/** Body of ENDPOINTS.delivery.redirect: a failed delivery goes to another recipient or by another method. */
export const RedirectDeliverySchema = z.object({
  deliveryId: bodyId('deliveryId'),
  method: DeliveryMethodSchema,
  /** Another of the job's recipients, or the same one by another method (null: the same recipient). */
  recipientId: bodyId('recipientId').nullable(),
  /** A fax number typed for this delivery (method fax). */
  faxNumber: plainText('faxNumber', { max: 40 }).trim().optional(),
});

/** Answer of retry and redirect: the deliveries queued. */
export const DeliveriesQueuedSchema = z.object({ queued: z.array(DeliverySchema) });
