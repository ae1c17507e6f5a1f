import { message } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { documentVersions } from '../../db/schema/index.js';
import { notFound, unauthenticated } from '../../errors/domainErrors.js';
import { currentDocument } from '../jobEditor/currentDocument.js';
import { requireJob } from '../tenantScope/requireJob.js';
import type { WopiCaller } from './resolveWopiToken.js';

type DocumentVersion = typeof documentVersions.$inferSelect;

/** The WOPI file id of a job's Word document: the job id in decimal (WOPISrc …/wopi/files/{jobId}). */
export const fileIdOf = (jobId: number): string => String(jobId);

/** The job a file id names, or null when it names none (a WOPI 404). */
function jobIdOf(fileId: string): number | null {
  if (!/^[1-9]\d{0,14}$/.test(fileId)) return null;
  const id = Number(fileId);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The file's version as CheckFileInfo's Version and X-WOPI-ItemVersion tell it: the job version
 * its document was stored at. It changes with every PutFile and stays through Lock and Unlock.
 */
export const itemVersionOf = (doc: Pick<DocumentVersion, 'version'>): string => String(doc.version);

/** CheckFileInfo's LastModifiedTime (ISO 8601), also Collabora Online's PutFile timestamp. */
export const lastModifiedOf = (doc: Pick<DocumentVersion, 'createdAt'>): string =>
  doc.createdAt.toISOString();

/**
 * The job and its current Word document a WOPI call is about. 404 (WOPI "File unknown / User
 * unauthorized") for a file id that names no job, a job the token was not issued for, another
 * tenant's job, and a job whose current document is not Word. The job is read before its document,
 * so the job version never claims a newer document than the one answered.
 */
export async function openWordFile(ctx: AppContext, caller: WopiCaller, fileId: string) {
  const jobId = jobIdOf(fileId);
  if (jobId === null || jobId !== caller.token.jobId)
    throw notFound(message('wopi.fileNotFound', { fileId: fileId.slice(0, 40) }));
  const job = await requireJob(ctx, caller.auth.scope, jobId);
  const doc = await currentDocument(ctx.database.db, jobId);
  if (doc?.format !== 'DOCX') throw notFound(message('wopi.notWord', { jobId }));
  return { job, doc };
}

/** Lock and PutFile need an edit token: a view token is not valid for them (WOPI 401). */
export function requireWriteToken(caller: WopiCaller): void {
  if (!caller.token.canWrite) throw unauthenticated(message('wopi.viewOnly'), 'wopi_view_only');
}
