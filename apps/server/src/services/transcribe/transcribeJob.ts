import { message } from '@quill/core';
import type { AppContext } from '../../context.js';
import { conflict, forbidden } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { type BookOutResult, bookOutJob } from '../booking/bookOutJob.js';
import { loadJobDocuments } from '../jobEditor/loadJobWith.js';
import { storeStartingDraft } from './storeStartingDraft.js';

/** Answer of POST /api/job/transcribe: the booking, and which draft the editor opens. */
export interface TranscribeResult extends BookOutResult {
  /** 'template': a new document from the work type's template; 'asr': the speech recognizer's draft. */
  draft: string;
}

/**
 * POST /api/job/transcribe (issue 27): starts the transcription of an audio-only job. It needs the
 * edit-text permission (403), a job without a document (409) that has dictation audio (409); it
 * books the job out as bookoutjob does (jobEdit, 403; another account's booking, 409), then makes
 * sure the job has a starting draft — the recognizer's if it made one, else a new document from
 * the work type's template (storeStartingDraft) — which the editor opens and the first save stores
 * as the job's first document version.
 */
export async function transcribeJob(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<TranscribeResult> {
  const { current, codecs, ...job } = await loadJobDocuments(ctx, auth, jobId);
  if (!auth.permissions.has('jobEditText')) throw forbidden(message('job.noEditTextPermission'));
  if (current && !current.isDraft) throw conflict(message('transcribe.start.hasText', { jobId }), 'has_text');
  if (codecs.size === 0) throw conflict(message('transcribe.start.noAudio', { jobId }), 'no_audio');
  const booked = await bookOutJob(ctx, auth, jobId, ip);
  const draft = current
    ? { stored: false as const, source: current.source, isDraft: true }
    : await storeStartingDraft(ctx, jobId, 'template', null, auth.accountId);
  if (!draft.stored && !draft.isDraft)
    throw conflict(message('transcribe.start.hasText', { jobId }), 'has_text');
  await auditJob(ctx, auth, job, 'job.transcribe', ip, { draft: draft.source, stored: draft.stored });
  return { ...booked, draft: draft.source };
}
