import {
  type CdaEdits,
  type IdentityConfirmation,
  type JobDataRequest,
  message,
  type SaveJobBody,
  type SaveJobResult,
  type SaveMode,
} from '@quill/core';
import type { AppContext } from '../../context.js';
import { invalid } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { persistSave } from './persistSave.js';

/** What a save with a save mode sends: savejob's body, the job data optional (saveWordDocument). */
export interface ModeSaveBody {
  jobId: number;
  version: number;
  bookingCookie: string;
  saveMode: number;
  setJobDataRequest?: JobDataRequest | undefined;
  identityConfirmation?: IdentityConfirmation | undefined;
}

/**
 * A save of the job view with a save mode, through persistSave: the job data (its job id must be
 * the job's, 400) with the CDA edits of savejob, or (`wordEdit`) the Word document its WOPI client
 * stored, whose own versions since `version` are not newer.
 */
export async function saveWithMode(
  ctx: AppContext,
  auth: Auth,
  body: ModeSaveBody,
  ip: string | null,
  text: { cda?: CdaEdits | undefined; wordEdit?: boolean } = {},
): Promise<SaveJobResult> {
  if (body.setJobDataRequest && body.setJobDataRequest.jobId !== body.jobId)
    throw invalid(message('job.jobDataMismatch', { jobId: body.jobId }));
  return persistSave(
    ctx,
    auth,
    {
      jobId: body.jobId,
      version: body.version,
      holder: { bookingCookie: body.bookingCookie },
      mode: body.saveMode as SaveMode,
      jobData: body.setJobDataRequest ?? null,
      cda: text.cda ?? null,
      identityConfirmation: body.identityConfirmation ?? null,
      ...(text.wordEdit ? { wordEdit: true } : {}),
    },
    ip,
  );
}

/** POST /api/job/savejob: job data, optional text edits and a save mode, in one transaction. */
export async function saveJob(
  ctx: AppContext,
  auth: Auth,
  body: SaveJobBody,
  ip: string | null,
): Promise<SaveJobResult> {
  return saveWithMode(ctx, auth, body, ip, { cda: body.cda });
}
