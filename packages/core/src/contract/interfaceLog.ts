import { z } from 'zod';
import type { Hl7SegmentView } from '../rules/interop/segmentView.js';
import { LIMITS } from '../rules/settings/constants.js';
import { plainText } from './documents/text.js';
import { bodyId, queryId, wholeNumberText } from './ids.js';
import { INTERFACE_MESSAGE_STATUSES } from './interfaces.js';

/**
 * The Interfaces screen (issue 44): the message log of the HL7 v2 interfaces — every message in
 * and out — filtered, one message segment by segment, Resend and Mark handled.
 */

/** The list's pages: the job list's page sizes (its pager), 25 first. */
export const INTERFACE_LOG_LIMITS = {
  pageSizes: LIMITS.pageSizes,
  defaultPageSize: 25,
  maxPage: 10_000,
} as const;

const STATUSES = [...new Set([...INTERFACE_MESSAGE_STATUSES.in, ...INTERFACE_MESSAGE_STATUSES.out])] as [
  string,
  ...string[],
];
const day = (name: string) =>
  plainText(name, { max: 10 })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date as YYYY-MM-DD`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${name} is not a date`);

/** GET /api/interfaces/messages: filters (all optional) and the page. Days are UTC. */
export const InterfaceMessagesQuerySchema = z.object({
  direction: z.enum(['in', 'out']).optional(),
  status: z.enum(STATUSES).optional(),
  /** "ADT", or "ADT^A08": the message type, or type and event. */
  type: plainText('type', { max: 7 })
    .regex(/^[A-Z][A-Z0-9]{2}(\^[A-Z0-9]{3})?$/, 'type must be like ADT or ADT^A08')
    .optional(),
  from: day('from').optional(),
  to: day('to').optional(),
  page: wholeNumberText('page', { min: 1, max: INTERFACE_LOG_LIMITS.maxPage }).default(1),
  pageSize: wholeNumberText('pageSize', { min: 1, max: 100 })
    .refine((n) => (INTERFACE_LOG_LIMITS.pageSizes as readonly number[]).includes(n), {
      message: `pageSize must be one of ${INTERFACE_LOG_LIMITS.pageSizes.join(', ')}`,
    })
    .default(INTERFACE_LOG_LIMITS.defaultPageSize),
});
export type InterfaceMessagesQuery = z.infer<typeof InterfaceMessagesQuerySchema>;

/** One message of the log (no patient data: the row says what, when and how it went). */
export const InterfaceMessageRowSchema = z.object({
  id: z.number().int(),
  interfaceName: z.string(),
  direction: z.enum(['in', 'out']),
  controlId: z.string(),
  messageType: z.string(),
  facility: z.string().nullable(),
  status: z.string(),
  error: z.string().nullable(),
  ackCode: z.string().nullable(),
  attempts: z.number().int(),
  jobId: z.number().int().nullable(),
  /** UTC ISO times. */
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
  handledAt: z.string().nullable(),
});
export type InterfaceMessageRow = z.infer<typeof InterfaceMessageRowSchema>;

export const InterfaceMessagesSchema = z.object({
  rows: z.array(InterfaceMessageRowSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
});
export type InterfaceMessages = z.infer<typeof InterfaceMessagesSchema>;

export const InterfaceMessageParamsSchema = z.object({ messageId: queryId('messageId') });

const FieldViewSchema = z.object({
  position: z.string(),
  name: z.string().nullable(),
  value: z.string(),
  fullLength: z.number().int().nullable(),
});
const SegmentViewSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  fields: z.array(FieldViewSchema),
});

/** GET /api/interfaces/messages/{messageId}: the row, the message and its ACK segment by segment. */
export const InterfaceMessageSchema = z.object({
  message: InterfaceMessageRowSchema,
  segments: z.array(SegmentViewSchema) as unknown as z.ZodType<Hl7SegmentView[]>,
  ack: z.array(SegmentViewSchema) as unknown as z.ZodType<Hl7SegmentView[]>,
  /** Resend is offered (failed, or an outbound message not acknowledged). */
  canResend: z.boolean(),
  /** Mark handled is offered (failed and not handled yet). */
  canMarkHandled: z.boolean(),
});
export type InterfaceMessage = z.infer<typeof InterfaceMessageSchema>;

/** Body of Resend and Mark handled. */
export const InterfaceMessageActionSchema = z.object({ messageId: bodyId('messageId') });
