import { message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { wopiTokens } from '../../db/schema/index.js';
import { notFound, preconditionFailed } from '../../errors/domainErrors.js';
import { BlobNotFoundError } from '../../storage/blobStore.js';
import { auditJob } from '../audit/auditJob.js';
import type { WopiCaller } from './resolveWopiToken.js';
import { itemVersionOf, openWordFile } from './wordFile.js';

/**
 * WOPI GetFile: the job's current Word document, streamed from the blob store, with its size and
 * X-WOPI-ItemVersion. 412
 * when it is larger than the client's X-WOPI-MaxExpectedSize. The token now holds this job
 * version (its PutFile is stale once the job moves past it). Audited: the client read patient data
 * for this account.
 */
export async function getFile(
  ctx: AppContext,
  caller: WopiCaller,
  fileId: string,
  maxExpectedSize: number | null,
  ip: string | null,
) {
  const { job, doc } = await openWordFile(ctx, caller, fileId);
  if (maxExpectedSize !== null && doc.size > maxExpectedSize)
    throw preconditionFailed(message('wopi.largerThanExpected', { size: doc.size, max: maxExpectedSize }));
  const body = await ctx.blobs.stream(doc.blobKey).catch((err: Error) => {
    if (!(err instanceof BlobNotFoundError)) throw err;
    ctx.log.error({ jobId: job.id, version: doc.version }, 'the blob of a document version is missing');
    throw notFound(message('wopi.notWord', { jobId: job.id }));
  });
  await ctx.database.db
    .update(wopiTokens)
    .set({ version: job.version })
    .where(eq(wopiTokens.idHash, caller.token.idHash));
  await auditJob(ctx, caller.auth, job, 'wopi.getfile', ip, { version: doc.version, size: doc.size });
  return { body, size: doc.size, itemVersion: itemVersionOf(doc) };
}
