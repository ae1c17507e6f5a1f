import { z } from 'zod';
import { queryId, wholeNumberText } from './ids.js';

/**
 * A job's audit trail in the job view (issue 23): who did what to the job, when, from where and how
 * it ended, newest first, a page at a time; and its export. Reading it needs jobViewDetails
 * (docs/decisions.md "Who reads a job's audit trail").
 */

/** `?jobId=&page=` of the trail (page from 1). */
export const AuditTrailQuerySchema = z.object({
  jobId: queryId('jobId'),
  page: wholeNumberText('page', { min: 1, max: 100_000 }).default(1),
});

/** `/{jobId}` of the export. */
export const AuditTrailExportParamsSchema = z.object({ jobId: queryId('jobId') });

/** One row of a job's trail, in words (the action and outcome from the catalogue). */
export const AuditTrailRowSchema = z.object({
  id: z.number(),
  /** ISO 8601, UTC. */
  at: z.string(),
  /** The user's display name (null: the system or the command line). */
  user: z.string().nullable(),
  /** The account (user summary) the user worked as. */
  account: z.string().nullable(),
  action: z.string(),
  what: z.string(),
  outcome: z.string(),
  outcomeText: z.string(),
  ip: z.string().nullable(),
});
export type AuditTrailRow = z.infer<typeof AuditTrailRowSchema>;

/** Answer of the trail: one page, newest first, and how many rows there are in all. */
export const AuditTrailSchema = z.object({
  jobId: z.number(),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  rows: z.array(AuditTrailRowSchema),
});
export type AuditTrail = z.infer<typeof AuditTrailSchema>;
