import { z } from 'zod';
import { plainText } from './documents/text.js';
import { queryId } from './ids.js';

/**
 * The attachments service (spec 02 §2 "Attachment Search modal", §3 "Attachment", §7, issue 22):
 * the credentials the browser gets from Quill, the two calls of the service itself, and the intake
 * that brings attachments in.
 */

/** Largest attachment file the intake takes (PDF, PNG, JPEG, TIFF). */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** The media types an attachment may have, with the file extension each is saved under. */
export const ATTACHMENT_MEDIA_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/tiff': 'tif',
} as const;
export type AttachmentMediaType = keyof typeof ATTACHMENT_MEDIA_TYPES;

/** Most attachments one search answers (newest first). */
export const MAX_ATTACHMENT_RESULTS = 500;

/** Bounds of what the intake takes as an attachment's name and description. */
export const ATTACHMENT_NAME_MAX = 200;
export const ATTACHMENT_DESCRIPTION_MAX = 500;

/** A whole-number id in a path or form field: 1 … 2147483647, in decimal digits. */
const idText = (name: string) => queryId(name);

/** An ISO 8601 UTC date and time ending with Z, as the spec's attachment calls send them. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?Z$/;

/** `2026-11-19T05:00:00.000Z` → its Date; text that is not such a real instant is refused. */
export const isoUtcInstant = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .max(40, `${name} must be an ISO date and time ending with Z, e.g. 2026-11-19T05:00:00.000Z`)
    .regex(ISO_UTC, `${name} must be an ISO date and time ending with Z, e.g. 2026-11-19T05:00:00.000Z`)
    // The parser rolls 2026-02-30 over to March 2: the day and time must read back as written.
    .refine((text) => {
      const date = new Date(text);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 16) === text.slice(0, 16);
    }, `${name} must be a real date and time, e.g. 2026-11-19T05:00:00.000Z`)
    .transform((text) => new Date(text));

/**
 * GET /api/Account/GetAttachmentApiCredentials: where the attachments service is and how to call
 * it. Short-lived and bound to the session: it stops working at `expiresAt`, at sign-out, when
 * the session expires or when the session works as another account.
 */
export const AttachmentApiCredentialsSchema = z.object({
  /** The service's base URL without a trailing slash (`https://quill.example.org`); calls go to `{host}/Attachments/v1/…`. */
  host: z.string(),
  /** The basic-authorization credential: sent as `Authorization: Basic {credentials}` (base64 of user:secret). */
  credentials: z.string(),
  /** When the credential stops working (ISO, UTC); ask for a new one before then. */
  expiresAt: z.string(),
});
export type AttachmentApiCredentials = z.infer<typeof AttachmentApiCredentialsSchema>;

/** Path of the attachments search: the client facility whose attachments are listed. */
export const AttachmentFacilityParamsSchema = z.object({ clientFacilityId: idText('clientFacilityId') });

/**
 * Query of the attachments search (spec 02 §7): attachments whose context time is after
 * `AfterDateUtc` and at or before `BeforeInclusiveDateUtc`. The range rules are
 * rules/attachments/attachmentRange.ts (checked by the service, answered with the spec's texts).
 */
export const AttachmentSearchQuerySchema = z.object({
  AfterDateUtc: isoUtcInstant('AfterDateUtc'),
  BeforeInclusiveDateUtc: isoUtcInstant('BeforeInclusiveDateUtc'),
  /**
   * Issue 39: only the files of this job's patient and visit (the job must be of the facility).
   * Left out, the whole facility's files: the Attachment Search modal's explicit "Search the whole
   * facility".
   */
  JobId: idText('JobId').optional(),
});
export type AttachmentSearchQuery = z.input<typeof AttachmentSearchQuerySchema>;

/** Spec 02 §3 "Attachment": one attachment as the search lists it. */
export const AttachmentSchema = z.object({
  /** The attachment's id (a UUID): not guessable, not sequential. */
  attachmentNonSequentialID: z.string(),
  /** The file name it is saved under. */
  attachmentName: z.string(),
  attachmentDescription: z.string(),
  /** The effective date: when the document's context started (ISO, UTC). */
  contextStartUTC: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/** The patient an attachment is about, as the search names it (issue 39). */
export const AttachmentPatientSchema = z.object({
  patientId: z.number(),
  /** "Last, First", as the job view names a patient. */
  name: z.string(),
  mrn: z.string(),
});
export type AttachmentPatient = z.infer<typeof AttachmentPatientSchema>;

/**
 * One attachment of the search's answer: the spec's fields and (issue 39) the patient the file is
 * about — its own patient or its visit's — or null for a file that names no patient. The search
 * needs a permission that shows patient names (adtView, adtEdit or jobEditAdt), like the Patient
 * Details card it opens from.
 */
export const AttachmentListItemSchema = AttachmentSchema.extend({
  patient: AttachmentPatientSchema.nullable(),
});
export type AttachmentListItem = z.infer<typeof AttachmentListItemSchema>;

/** The attachments search's answer: newest first, at most MAX_ATTACHMENT_RESULTS. */
export const AttachmentListSchema = z.array(AttachmentListItemSchema);

/** Path of an attachment download. */
export const AttachmentIdParamsSchema = z.object({
  attachmentNonSequentialID: z.uuid({ error: 'attachmentNonSequentialID must be an attachment id (a UUID)' }),
});

const text = (label: string, max: number) =>
  plainText(label).trim().max(max, `${label} may hold at most ${max} characters`);

/**
 * The form fields of POST /api/attachments/import (multipart, with the file in field `file`).
 * Without `name` the uploaded file's name is used; without `contextStartUTC`, now.
 */
export const ImportAttachmentFieldsSchema = z.object({
  clientFacilityId: idText('clientFacilityId'),
  name: text('name', ATTACHMENT_NAME_MAX).optional(),
  description: text('description', ATTACHMENT_DESCRIPTION_MAX).optional(),
  /** A patient of the facility's corporate structure. */
  patientId: idText('patientId').optional(),
  /** A visit of that patient (or, without patientId, of a patient of the structure). */
  visitId: idText('visitId').optional(),
  contextStartUTC: isoUtcInstant('contextStartUTC').optional(),
});
export type ImportAttachmentFields = z.input<typeof ImportAttachmentFieldsSchema>;

/** What the intake stored. */
export const ImportedAttachmentSchema = AttachmentSchema.extend({
  clientFacilityId: z.number(),
  patientId: z.number().nullable(),
  visitId: z.number().nullable(),
  contentType: z.string(),
  size: z.number(),
});
export type ImportedAttachment = z.infer<typeof ImportedAttachmentSchema>;
