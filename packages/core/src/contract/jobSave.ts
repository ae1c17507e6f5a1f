import { z } from 'zod';
import { CdaEditsSchema } from './cda.js';
import { bodyId, queryId } from './ids.js';
import { HoldQueueFlagSchema, SetJobDataRequestSchema } from './job.js';

/**
 * The job view's booking and save calls (spec 02 §4, §7; ARCHITECTURE §4 "Booking"): every write
 * presents the live booking cookie, and a save names the version it was based on.
 */

/** The live booking cookie every write to a job presents. */
export const BookingCookieSchema = z.string().min(1, 'bookingCookie is required').max(200);
const cookie = BookingCookieSchema;

/** Body of setjobdata: the job data with the live booking cookie. */
export const SetJobDataBodySchema = z.object({ bookingCookie: cookie, jobData: SetJobDataRequestSchema });

/** Body of bookoutjob. */
export const BookOutBodySchema = z.object({ jobId: bodyId('jobId') });
/** Answer of bookoutjob. */
export const BookOutResultSchema = z.object({
  success: z.boolean(),
  bookingCookie: z.string(),
  expiresAt: z.string(),
  messages: z.array(z.string()),
});
/** Body of extendbooking. */
export const ExtendBookingBodySchema = z.object({ jobId: bodyId('jobId'), bookingCookie: cookie });
/** Answer of extendbooking. */
export const ExtendBookingResultSchema = z.object({ success: z.boolean(), expiresAt: z.string() });
/** Query of cancelbooking (POST). */
export const CancelBookingQuerySchema = z.object({
  jobId: queryId('jobId'),
  bookingCookie: cookie,
  componentType: z.string().max(10).optional(),
});
/** Answer of cancelbooking. */
export const CancelBookingResultSchema = z.object({ success: z.boolean(), messages: z.array(z.string()) });

/** Body of savejob: saveMode 0 save only, 1 move on, 2 hold, 3 recheck, 4 draft, 5 finish. */
export const SaveJobBodySchema = z.object({
  jobId: bodyId('jobId'),
  version: bodyId('version'),
  bookingCookie: cookie,
  saveMode: z
    .number({ error: 'saveMode must be a whole number from 0 to 5' })
    .int('saveMode must be a whole number from 0 to 5')
    .min(0, 'saveMode must be a whole number from 0 to 5')
    .max(5, 'saveMode must be a whole number from 0 to 5'),
  setJobDataRequest: SetJobDataRequestSchema,
  cda: CdaEditsSchema.optional(),
});
export type SaveJobBody = z.infer<typeof SaveJobBodySchema>;

/** Body of saveCDA: the text only; the booking stays. */
export const SaveCdaBodySchema = z.object({
  jobId: bodyId('jobId'),
  version: bodyId('version'),
  bookingCookie: cookie,
  cda: CdaEditsSchema,
});

/** Answer of savejob and saveCDA. */
export const SaveJobResultSchema = z.object({
  success: z.boolean(),
  version: z.number().int(),
  stageId: z.number().int(),
  stageName: z.string(),
  flags: z.array(HoldQueueFlagSchema),
});
export type SaveJobResult = z.infer<typeof SaveJobResultSchema>;

/** Body of RunHoldQueueCheck: the job data and text as they would be saved. */
export const HoldQueueCheckBodySchema = z.object({
  jobId: bodyId('jobId'),
  setJobDataRequest: SetJobDataRequestSchema.optional(),
  cda: CdaEditsSchema.optional(),
});

/** Spec 02 §3 "Check result row": one rule of RunHoldQueueCheck. */
export const HoldQueueCheckRowSchema = z.object({
  ruleCode: z.string(),
  ruleDescription: z.string(),
  isTriggered: z.boolean(),
});
/** Answer of RunHoldQueueCheck. */
export const HoldQueueCheckResultSchema = z.array(HoldQueueCheckRowSchema);
