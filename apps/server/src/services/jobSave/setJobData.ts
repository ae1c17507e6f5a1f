import type { JobDataRequest, SaveJobResult } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { persistSave } from './persistSave.js';

/**
 * POST /api/job/setjobdata: writes the job data of a live booking (the version goes up by one; the
 * stage, the text and the booking stay).
 */
export async function setJobData(
  ctx: AppContext,
  auth: Auth,
  body: { bookingCookie: string; jobData: JobDataRequest },
  ip: string | null,
): Promise<SaveJobResult> {
  return persistSave(
    ctx,
    auth,
    {
      jobId: body.jobData.jobId,
      version: null,
      holder: { bookingCookie: body.bookingCookie },
      mode: 'data',
      jobData: body.jobData,
      cda: null,
    },
    ip,
  );
}
