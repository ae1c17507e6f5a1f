import { z } from 'zod';
import { LIMITS } from '../rules/settings/constants.js';
import { plainText } from './documents/text.js';
import { bodyId, queryId } from './ids.js';

/**
 * Signing (issue 43): the To sign queue of the signed-in dictator, signing one or many jobs with
 * the password asked again, and returning a job for correction. Registered in the endpoint table
 * (endpoints/signing.ts) by the change that serves it.
 */

/** What a signature means: the dictator's own, or an attending's over a resident's. */
export const SignatureMeaningSchema = z.enum(['author', 'co-signer']);
export type SignatureMeaning = z.infer<typeof SignatureMeaningSchema>;

/** One job of the To sign queue. Patient fields are null where the account may not see them. */
export const ToSignRowSchema = z.object({
  jobId: z.number().int(),
  /** The signature this account would make: author (its own or dictated for it) or co-signer. */
  meaning: SignatureMeaningSchema,
  stat: z.boolean(),
  dictatorName: z.string(),
  patientName: z.string().nullable(),
  patientMRN: z.string().nullable(),
  workType: z.string(),
  clientFacility: z.string(),
  /** Dictated, in the facility's zone, as the list formats it. */
  formattedDictatedDate: z.string(),
  /** The job must be signed again after an edit or a return; why, in words. */
  forceResign: z.boolean(),
  resignReason: z.string().nullable(),
  /** The job version the signature covers (a sign request names it: a newer save refuses it). */
  version: z.number().int(),
  /** Signed for another physician ("sign on behalf of"): that physician's name. */
  onBehalfOf: z.string().nullable(),
});
export type ToSignRow = z.infer<typeof ToSignRowSchema>;

/** Answer of ENDPOINTS.signing.queue. */
export const ToSignQueueSchema = z.object({
  rows: z.array(ToSignRowSchema),
  /** Every job waiting for this account's signature (rows holds at most LIMITS.toSignPage). */
  count: z.number().int(),
});

/** Answer of ENDPOINTS.signing.count: the To sign ticker. */
export const ToSignCountSchema = z.object({ count: z.number().int() });

/** One job of a sign request: its id and the version the signer read. */
export const SignJobSchema = z.object({
  jobId: bodyId('jobId'),
  version: bodyId('version'),
});

/**
 * Body of ENDPOINTS.signing.sign: the jobs (one to the bulk limit) and the proof of who signs — the
 * password asked again, or `reauthenticated: true` after a fresh OIDC authentication of this
 * session (ENDPOINTS.signing.reauthenticate), which the signature uses up.
 */
export const SignRequestSchema = z
  .object({
    jobs: z
      .array(SignJobSchema)
      .min(1, 'Choose at least one job to sign')
      .max(LIMITS.maxBulkJobs, `Sign at most ${LIMITS.maxBulkJobs} jobs at once`),
    password: plainText('password', { max: 1000 }).min(1, 'Enter your password to sign').optional(),
    reauthenticated: z.literal(true).optional(),
  })
  .refine((b) => b.password !== undefined || b.reauthenticated === true, {
    message: 'Enter your password to sign',
    path: ['password'],
  })
  .refine((b) => b.password === undefined || b.reauthenticated === undefined, {
    message: 'Sign with your password or with a fresh sign-in, not both',
    path: ['reauthenticated'],
  });

/** How a user confirms who they are at a signature: the password again, or a fresh OIDC sign-in. */
export const SIGN_WITH = ['password', 'oidc'] as const;
export type SignWith = (typeof SIGN_WITH)[number];

/**
 * How a fresh OIDC authentication for signing ended, as the callback tells the page it returns to
 * (the query parameter REAUTH_PARAM): confirmed, another identity signed in at the provider, a
 * sign-in that was not fresh (auth_time), or the exchange failed.
 */
export const REAUTH_OUTCOMES = ['confirmed', 'wrongIdentity', 'stale', 'failed'] as const;
export type ReauthOutcome = (typeof REAUTH_OUTCOMES)[number];
export const REAUTH_PARAM = 'reauth';

/** Query of ENDPOINTS.signing.reauthenticate: the page to come back to (made safe by safeReturnPath). */
export const ReauthenticateQuerySchema = z.object({
  returnUrl: plainText('returnUrl', { max: 2000 }).optional(),
});

/** Answer of ENDPOINTS.signing.sign: every job signed, or none (a refusal answers 4xx). */
export const SignResultSchema = z.object({
  signed: z.array(
    z.object({
      jobId: z.number().int(),
      meaning: SignatureMeaningSchema,
      /** The stage the job moved to: ES while a co-signature is awaited, else distribution. */
      stageId: z.number().int(),
      signedAt: z.string(),
    }),
  ),
});

/** Body of ENDPOINTS.signing.returnForCorrection: the job and what to correct. */
export const ReturnForCorrectionSchema = z.object({
  jobId: bodyId('jobId'),
  note: plainText('note', { max: 1000, multiline: true }).trim().min(1, 'Say what needs correcting'),
});

/** Answer of ENDPOINTS.signing.returnForCorrection: the stage the job went back to. */
export const ReturnResultSchema = z.object({ jobId: z.number().int(), stageId: z.number().int() });

/** One signature of a job, as the job view and the documents show it. */
export const SignatureSchema = z.object({
  meaning: SignatureMeaningSchema,
  /** "Name, Credentials" or the physician's signature block. */
  signer: z.string(),
  onBehalf: z.boolean(),
  /** Signed, UTC ISO; shown in the facility's zone. */
  signedAt: z.string(),
  formattedSignedAt: z.string(),
  jobVersion: z.number().int(),
  documentSha256: z.string(),
  voided: z.boolean(),
});

/** Query of ENDPOINTS.signing.signatures. */
export const SignaturesQuerySchema = z.object({ jobId: queryId('jobId') });
export const SignaturesSchema = z.array(SignatureSchema);
