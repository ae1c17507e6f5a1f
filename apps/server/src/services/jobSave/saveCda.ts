import type { CdaEdits, SaveJobResult } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { persistSave } from './persistSave.js';

/** POST /api/job/saveCDA: saves the text only as a new document version; the booking and stage stay. */
export async function saveCda(
  ctx: AppContext,
  auth: Auth,
  body: { jobId: number; version: number; bookingCookie: string; cda: CdaEdits },
  ip: string | null,
): Promise<SaveJobResult> {
  return persistSave(
    ctx,
    auth,
    {
      jobId: body.jobId,
      version: body.version,
      holder: { bookingCookie: body.bookingCookie },
      mode: 'text',
      jobData: null,
      cda: body.cda,
    },
    ip,
  );
}
