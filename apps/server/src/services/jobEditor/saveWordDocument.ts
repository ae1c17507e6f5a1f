import { message, type SaveJobResult, type SaveMode, type SaveWordDocumentBody } from '@quill/core';
import type { AppContext } from '../../context.js';
import { invalid } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJob } from '../jobAccess/requireJob.js';
import { currentDocument } from './currentDocument.js';
import { persistSave } from './persistSave.js';

/**
 * POST /api/job/saveWordDocument (spec 02 §7, issue 22): completes a Word edit as savejob does —
 * the job data, the save mode's hold-queue rules and stage, the booking kept (save only) or
 * released, the addressee limits of Move On and Finish — in one transaction through persistSave.
 * The document itself reached Quill by the WOPI client's PutFile: the mode applies to the current
 * version (a draft copy of it in draft mode). `version` is where the Word edit started; versions the
 * booking's own PutFiles made since are not newer, any other newer version is 409 as in savejob.
 */
export async function saveWordDocument(
  ctx: AppContext,
  auth: Auth,
  body: SaveWordDocumentBody,
  ip: string | null,
): Promise<SaveJobResult> {
  if (body.setJobDataRequest && body.setJobDataRequest.jobId !== body.jobId)
    throw invalid(message('job.jobDataMismatch', { jobId: body.jobId }));
  await requireJob(ctx, auth, body.jobId);
  const doc = await currentDocument(ctx.database.db, body.jobId);
  if (doc?.format !== 'DOCX') throw invalid(message('wopi.notWord', { jobId: body.jobId }));
  return persistSave(
    ctx,
    auth,
    {
      jobId: body.jobId,
      version: body.version,
      holder: { bookingCookie: body.bookingCookie },
      mode: body.saveMode as SaveMode,
      jobData: body.setJobDataRequest ?? null,
      cda: null,
      wordEdit: true,
    },
    ip,
  );
}
