import {
  AttachmentApiCredentialsSchema,
  AttachmentFacilityParamsSchema,
  AttachmentIdParamsSchema,
  AttachmentListSchema,
  AttachmentSearchQuerySchema,
  ImportAttachmentFieldsSchema,
  ImportedAttachmentSchema,
} from '../attachments.js';
import { type Endpoint, endpoint } from '../endpoint.js';

const tags = ['attachments'];

/**
 * The attachments service (spec 02 §7, issue 22). Quill runs it itself: by default on this server,
 * or on a separate deployment at ATTACHMENTS_BASE_URL. The two `/Attachments/v1/…` calls are the
 * spec's paths (no `/api/` prefix): they authenticate with the basic credential of
 * `credentials`, never with the session cookie.
 */
export const ATTACHMENTS = {
  /** Spec 02 §7: the service's host and a short-lived basic credential bound to the session. */
  credentials: endpoint({
    method: 'GET',
    path: '/api/Account/GetAttachmentApiCredentials',
    tags,
    answer: AttachmentApiCredentialsSchema,
  }),
  /** Spec 02 §7 "Attachments search": a client facility's attachments in (After, BeforeInclusive]. */
  search: endpoint({
    method: 'GET',
    path: '/Attachments/v1/Company/{clientFacilityId}',
    tags,
    summary: "A client facility's attachments in a date range (basic authorization)",
    params: AttachmentFacilityParamsSchema,
    query: AttachmentSearchQuerySchema,
    answer: AttachmentListSchema,
  }),
  /** Spec 02 §7 "Attachment download": the file, streamed, with its name and type. */
  download: endpoint({
    method: 'GET',
    path: '/Attachments/v1/{attachmentNonSequentialID}',
    tags,
    summary: 'One attachment file (basic authorization)',
    params: AttachmentIdParamsSchema,
    produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'],
  }),
  /** Attachment intake: a PDF, PNG, JPEG or TIFF file with its facility, patient or visit and date. */
  importAttachment: endpoint({
    method: 'POST',
    path: '/api/attachments/import',
    tags,
    consumes: 'multipart/form-data',
    fields: ImportAttachmentFieldsSchema,
    status: 201,
    answer: ImportedAttachmentSchema,
  }),
} satisfies Record<string, Endpoint>;
