import { message, type SaveJobBody, type SaveJobResult, type SaveMode } from '@quill/core';
import type { AppContext } from '../../context.js';
import { invalid } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/resolveSession.js';
import { persistSave } from './persistSave.js';

/** POST /api/job/savejob: job data, optional text edits and a save mode, in one transaction. */
export async function saveJob(
  ctx: AppContext,
  auth: Auth,
  body: SaveJobBody,
  ip: string | null,
): Promise<SaveJobResult> {
  if (body.setJobDataRequest.jobId !== body.jobId)
    throw invalid(message('job.jobDataMismatch', { jobId: body.jobId }));
  return persistSave(
    ctx,
    auth,
    {
      jobId: body.jobId,
      version: body.version,
      holder: { bookingCookie: body.bookingCookie },
      mode: body.saveMode as SaveMode,
      jobData: body.setJobDataRequest,
      cda: body.cda ?? null,
    },
    ip,
  );
}
