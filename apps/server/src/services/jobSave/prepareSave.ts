import { message, SAVE_MODES, saveModeRunsRules } from '@quill/core';
import type { AppContext } from '../../context.js';
import { invalid } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { jobWithWorkingDocument } from '../jobEditor/currentDocument.js';
import { cdaTextOf } from '../jobEditor/documentText.js';
import { readJobDocumentFacts } from '../jobEditor/holdQueue/holdQueueFacts.js';
import { changesText } from '../jobEditor/voidSignature.js';
import { requireVisibleJob } from '../tenantScope/requireJob.js';
import { newDocument } from './newDocument.js';
import { refuseSaveNotAllowed } from './saveAllowed.js';
import { isModeSave, type SaveRequest } from './saveRequest.js';

/** What a save settles before its transaction (prepareSave). */
export type PreparedSave = Awaited<ReturnType<typeof prepareSave>>;

/**
 * The first step of a save, before the transaction: the job (404 as requireJob) and its current
 * document in one statement — when the save reads the text, writes a document or finishes; a save
 * of the job data alone reads the job once, locked (an import since bumped the version: 409 in
 * the transaction) — what the save may do (saveAllowed.ts), the new document built and its blob
 * written (newDocument.ts), what the text says for the rules (read on a document thread) and
 * whether the save changes the text a signature covers (issue 39; a starting draft is unsigned).
 */
export async function prepareSave(ctx: AppContext, auth: Auth, req: SaveRequest) {
  const runsRules = isModeSave(req.mode) && saveModeRunsRules(req.mode);
  const read =
    req.cda || req.docx || runsRules || req.mode === SAVE_MODES.finish
      ? await readJob(ctx, auth, req.jobId)
      : null;
  refuseSaveNotAllowed(auth, req, read?.job);
  const current = read ? await cdaTextOf(ctx, read.doc) : null;
  if (req.cda && !current) throw invalid(message('job.noDocumentToEdit', { jobId: req.jobId }));
  const { edited, blob, fromDraft, typedChars } = await newDocument(ctx, req, current);
  const document = runsRules
    ? await readJobDocumentFacts(ctx, read?.doc, edited ?? current?.xml ?? null)
    : null;
  const textChanged = changesText(
    current ? (fromDraft ? null : { ...current.doc, xml: current.xml }) : read?.doc,
    blob && { ...blob, xml: edited },
  );
  /** The id of the CDA document read here: the transaction checks it is still the job's text. */
  const readDocumentId = read ? (current?.doc.id ?? null) : undefined;
  return { readDocumentId, blob, typedChars, document, textChanged };
}

/** The job the account may see (404 otherwise, as requireJob) with its working document. */
async function readJob(ctx: AppContext, auth: Auth, jobId: number) {
  const read = await jobWithWorkingDocument(ctx.database.db, jobId);
  requireVisibleJob(auth.scope, jobId, read?.job);
  return read!;
}
