import { MAX_DOCUMENT_IMPORT_BYTES, message, type PutFileResult } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { documentVersions, wopiTokens } from '../../db/schema/index.js';
import { documentRefusal } from '../../documents/documentRefusal.js';
import { NotDocxError } from '../../documents/docx/readDocx.js';
import { conflict, invalid, tooLarge } from '../../errors/domainErrors.js';
import { persistSave } from '../jobSave/persistSave.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { itemVersionOf, lastModifiedOf, openWordFile, requireWriteToken } from './wordFile.js';

/** What a PutFile sends besides the file id: its lock, its bytes and Collabora's timestamp. */
export interface PutFileInput {
  /** X-WOPI-Lock ('' when the client sent none: the file counts as unlocked for it). */
  lock: string;
  bytes: Buffer;
  /** X-COOL-WOPI-Timestamp: the LastModifiedTime the client's copy is based on. */
  timestamp: string | null;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * WOPI PutFile: stores the bytes as the job's new Word document version exactly as a save does
 * (persistSave, mode 'text', one transaction): an edit token (401), at most the document intake's
 * size (413) and a real, bounded Word document (400), checked before anything is written; then,
 * with the job row locked, the account's live booking locked with this lock (409 with the current
 * lock; an unlocked file is never 0 bytes here, so it is 409 too), the job still at the version
 * the client holds (409 stale; Collabora's timestamp likewise, with its "document changed" code),
 * the new version (job version + 1, source 'wopi'), the token moved on to it, the audit row.
 * Nothing is stored on any refusal.
 */
export async function putFile(
  ctx: AppContext,
  caller: WopiCaller,
  fileId: string,
  input: PutFileInput,
  ip: string | null,
): Promise<PutFileResult & { itemVersion: string }> {
  const { job, doc } = await openWordFile(ctx, caller, fileId);
  requireWriteToken(caller);
  if (input.bytes.length > MAX_DOCUMENT_IMPORT_BYTES)
    throw tooLarge(message('documents.import.tooLarge', { max: megabytes(MAX_DOCUMENT_IMPORT_BYTES) }));
  if (input.timestamp !== null && input.timestamp !== lastModifiedOf(doc))
    throw conflict(message('wopi.changedInStorage', { jobId: job.id }), 'wopi_document_changed');
  try {
    await ctx.documents.run('checkDocxPackage', { bytes: input.bytes });
  } catch (err) {
    const refusal = documentRefusal(err);
    if (refusal) throw refusal;
    if (err instanceof NotDocxError)
      throw invalid(message('documents.import.notDocx', { detail: err.detail }));
    throw err;
  }
  const saved = await persistSave(
    ctx,
    caller.auth,
    {
      jobId: job.id,
      version: caller.token.version,
      holder: { wopiLock: input.lock },
      mode: 'text',
      jobData: null,
      cda: null,
      docx: input.bytes,
      afterSave: async (tx, version) => {
        await tx.update(wopiTokens).set({ version }).where(eq(wopiTokens.idHash, caller.token.idHash));
      },
    },
    ip,
  );
  const [stored] = await ctx.database.db
    .select()
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.jobId, job.id),
        eq(documentVersions.version, saved.version),
        eq(documentVersions.isDraft, false),
      ),
    );
  return { LastModifiedTime: lastModifiedOf(stored!), itemVersion: itemVersionOf(stored!) };
}
