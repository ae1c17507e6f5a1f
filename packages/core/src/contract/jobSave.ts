import { z } from 'zod';
import { JobAdtSchema, JobDataAdtFieldsSchema } from './adt/adt.js';
import { IdentityConfirmationSchema } from './adt/patientIdentity.js';
import { CdaEditsSchema } from './documents/cda.js';
import { plainText } from './documents/text.js';
import { BookingCookieSchema, bodyId, queryId, wholeNumber } from './ids.js';
import { HoldQueueFlagSchema, JobDataSchema, SetJobDataRequestSchema } from './job.js';

/**
 * The job view's booking and save calls (spec 02 §4, §7; ARCHITECTURE §4 "Booking"): every write
 * presents the live booking cookie, and a save names the version it was based on.
 */

/**
 * The job data a write or a check sends: the fields of SetJobDataRequestSchema and the job's ADT,
 * orders and physician items (absent ADT parts stay as stored).
 */
export const JobDataRequestSchema = SetJobDataRequestSchema.extend(JobDataAdtFieldsSchema.shape);
export type JobDataRequest = z.infer<typeof JobDataRequestSchema>;

/** Answer of RefreshJobData: the job data and the ADT as they would be after the change (nothing stored). */
export const RefreshJobDataResultSchema = JobDataSchema.extend({
  /** Null without a permission that shows patient data (adtView, adtEdit or jobEditAdt). */
  adt: JobAdtSchema.nullable(),
});
export type RefreshJobDataResult = z.infer<typeof RefreshJobDataResultSchema>;

const cookie = BookingCookieSchema;

/** Body of setjobdata: the job data with the live booking cookie. */
export const SetJobDataBodySchema = z.object({ bookingCookie: cookie, jobData: JobDataRequestSchema });

/** Body of bookoutjob. */
export const BookOutBodySchema = z.object({ jobId: bodyId('jobId') });
/** Answer of bookoutjob. */
export const BookOutResultSchema = z.object({
  success: z.boolean(),
  bookingCookie: z.string(),
  expiresAt: z.string(),
  messages: z.array(z.string()),
});
/** The longest reason an addendum may give (plain text, one paragraph or a few lines). */
export const ADDENDUM_REASON_MAX = 500;
/**
 * Body of ENDPOINTS.jobEditor.addendum (issue 43): the Finished job, the version the caller read
 * (a newer one is a conflict) and why the distributed document is amended.
 */
export const AddendumBodySchema = z.object({
  jobId: bodyId('jobId'),
  version: bodyId('version'),
  reason: plainText('reason', { max: ADDENDUM_REASON_MAX, multiline: true })
    .trim()
    .min(1, 'Say why the document needs an addendum'),
});
export type AddendumBody = z.infer<typeof AddendumBodySchema>;
/**
 * Answer of addendum: the booking as bookoutjob answers it, with what the editor's banner says —
 * the reason, and when the version it amends was signed (UTC ISO; null when it never was).
 */
export const AddendumResultSchema = BookOutResultSchema.extend({
  addendum: z.object({
    reason: z.string(),
    signedAt: z.string().nullable(),
    /** The signed date as the banner shows it: in the facility's zone, with the zone's label. */
    formattedSignedAt: z.string().nullable(),
    ofVersion: z.number().int(),
  }),
});
export type AddendumResult = z.infer<typeof AddendumResultSchema>;
/** Answer of transcribe (issue 27): the booking, and which starting draft the editor opens. */
export const TranscribeResultSchema = BookOutResultSchema.extend({
  /** 'template': a new document from the work type's template; 'asr': the speech recognizer's draft. */
  draft: z.string(),
});
/** Body of extendbooking. */
export const ExtendBookingBodySchema = z.object({ jobId: bodyId('jobId'), bookingCookie: cookie });
/** Answer of extendbooking. */
export const ExtendBookingResultSchema = z.object({ success: z.boolean(), expiresAt: z.string() });
/** Query of cancelbooking (POST). */
export const CancelBookingQuerySchema = z.object({
  jobId: queryId('jobId'),
  bookingCookie: cookie,
  componentType: plainText('componentType', { max: 10 }).optional(),
});
/** Answer of cancelbooking. */
export const CancelBookingResultSchema = z.object({ success: z.boolean(), messages: z.array(z.string()) });

/** A save mode (spec 02 §3 "Save options"): 0 save only, 1 move on, 2 hold, 3 recheck, 4 draft, 5 finish. */
export const SaveModeSchema = wholeNumber('saveMode', {
  min: 0,
  max: 5,
  error: 'saveMode must be a whole number from 0 to 5',
});

/** Body of savejob: saveMode 0 save only, 1 move on, 2 hold, 3 recheck, 4 draft, 5 finish. */
export const SaveJobBodySchema = z.object({
  jobId: bodyId('jobId'),
  version: bodyId('version'),
  bookingCookie: cookie,
  saveMode: SaveModeSchema,
  setJobDataRequest: JobDataRequestSchema,
  cda: CdaEditsSchema.optional(),
  /** Releases the job although a patient-identity rule fails (issue 39; otherwise 409). */
  identityConfirmation: IdentityConfirmationSchema.optional(),
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
  setJobDataRequest: JobDataRequestSchema.optional(),
  cda: CdaEditsSchema.optional(),
});

/** Spec 02 §3 "Check result row": one rule of RunHoldQueueCheck. */
export const HoldQueueCheckRowSchema = z.object({
  ruleCode: z.string(),
  ruleDescription: z.string(),
  isTriggered: z.boolean(),
  /** A patient-identity rule: a release while it fails needs a confirmation (issue 39). */
  isIdentity: z.boolean().optional(),
});
/** Answer of RunHoldQueueCheck. */
export const HoldQueueCheckResultSchema = z.array(HoldQueueCheckRowSchema);
