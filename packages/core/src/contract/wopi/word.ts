import { z } from 'zod';
import { queryId } from '../ids.js';
import { JobDataRequestSchema, SaveJobBodySchema } from '../jobSave.js';

/**
 * The job view's Word documents (spec 02 §2 "the word-processor frame", §6, §7 "Word service
 * details", saveWordDocument; spec 01 §7 getwordauth; issue 22): the frame is filled by posting a
 * form with the access token to the WOPI client's editing or viewing address.
 */

/**
 * Query of GET /api/jobs/getwordauth: the job, and (ours, optional) `mode=view` for a token that
 * only views even when the account could edit — the job view in view mode asks so, because some
 * WOPI clients (Collabora Online) view and edit at one address and let the token decide.
 */
export const WordAuthQuerySchema = z.object({
  jobId: queryId('jobId'),
  mode: z.enum(['view', 'edit'], { error: 'mode must be view or edit' }).optional(),
});

/**
 * Answer of getwordauth (spec 02 §7 "Word service details: accessToken and an editing and viewing
 * address, posted as a form to the frame"). The frame's form posts `access_token` = accessToken
 * and `access_token_ttl` = accessTokenTtl to one of the addresses, as WOPI clients expect.
 */
export const WordAuthSchema = z.object({
  /** The WOPI access token of this job, account and session (short-lived; useless after sign-out). */
  accessToken: z.string(),
  /** When the token stops working, in milliseconds since the epoch (WOPI's access_token_ttl). */
  accessTokenTtl: z.number().int(),
  /**
   * The WOPI client's editing address for this job's document: only with the edit-text permission
   * and a live booking of this account (spec 02 §6), else null.
   */
  editUrl: z.string().nullable(),
  /** The WOPI client's viewing address (read-only). */
  viewUrl: z.string(),
  /** The job version the token was issued at (its PutFile refuses a document that moved on since). */
  version: z.number().int(),
});
export type WordAuth = z.infer<typeof WordAuthSchema>;

/**
 * Body of POST /api/job/saveWordDocument: completes a Word edit as savejob does for CDA (save
 * modes, hold-queue rules, stage moves, the booking released). The document itself reached Quill
 * through the WOPI client's PutFile; `version` is the job version the edit was based on (the
 * versions the booking's own PutFiles made since then are not "newer").
 */
export const SaveWordDocumentBodySchema = SaveJobBodySchema.omit({ cda: true }).extend({
  /** The job data as edited (absent: the job data stays as stored). */
  setJobDataRequest: JobDataRequestSchema.optional(),
});
export type SaveWordDocumentBody = z.infer<typeof SaveWordDocumentBodySchema>;
