import { message, type SaveJobResult, type SaveWordDocumentBody } from '@quill/core';
import type { AppContext } from '../../context.js';
import { invalid } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { currentDocument } from '../jobEditor/currentDocument.js';
import { requireJob } from '../tenantScope/requireJob.js';
import { saveWithMode } from './saveJob.js';

/**
 * POST /api/job/saveWordDocument (spec 02 §7, issue 22): completes a Word edit as savejob does —
 * the job data, the save mode's hold-queue rules and stage, the booking kept (save only) or
 * released, the addressee limits of Move On and Finish — in one transaction through persistSave.
 * The document itself reached Quill by the WOPI client's PutFile: the mode applies to the current
 * version (a draft copy of it in draft mode). `version` is where the Word edit started; versions the
 * booking's own PutFiles made since are not newer, any other newer version is 409 as in savejob.
 * 400 when the job's document is not Word.
 */
export async function saveWordDocument(
  ctx: AppContext,
  auth: Auth,
  body: SaveWordDocumentBody,
  ip: string | null,
): Promise<SaveJobResult> {
  await requireJob(ctx, auth.scope, body.jobId);
  const doc = await currentDocument(ctx.database.db, body.jobId);
  if (doc?.format !== 'DOCX') throw invalid(message('wopi.notWord', { jobId: body.jobId }));
  return saveWithMode(ctx, auth, body, ip, { wordEdit: true });
}
