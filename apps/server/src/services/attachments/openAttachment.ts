import type { Readable } from 'node:stream';
import { message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { attachments, clientFacilities } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import { BlobNotFoundError } from '../../storage/blobStore.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { mayAccess } from '../tenantScope/mayAccess.js';
import { auditDenied } from './auditAttachment.js';

/** An attachment's file as it is sent: a stream from the blob store, never read whole. */
export interface AttachmentFile {
  body: Readable;
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * GET {host}/Attachments/v1/{attachmentNonSequentialID} (spec 02 §7): the attachment's file,
 * streamed, with its name and type — when its facility is in a structure the account may see;
 * 404 otherwise (another tenant's reads as missing), audited either way.
 */
export async function openAttachment(
  ctx: AppContext,
  auth: Auth,
  attachmentId: string,
  ip: string | null,
): Promise<AttachmentFile> {
  const [row] = await ctx.database.db
    .select({
      id: attachments.id,
      clientFacilityId: attachments.clientFacilityId,
      corporateStructureId: clientFacilities.corporateStructureId,
      patientId: attachments.patientId,
      name: attachments.name,
      mimeType: attachments.mimeType,
      blobKey: attachments.blobKey,
    })
    .from(attachments)
    .innerJoin(clientFacilities, eq(clientFacilities.id, attachments.clientFacilityId))
    .where(eq(attachments.id, attachmentId));
  if (!row || !mayAccess(auth.scope, row.corporateStructureId)) {
    await auditDenied(ctx, auth, 'attachment.download', ip, { attachmentId });
    throw notFound(message('attachments.notFound', { id: attachmentId }));
  }
  let size: number;
  let body: Readable;
  try {
    size = await ctx.blobs.size(row.blobKey);
    body = await ctx.blobs.stream(row.blobKey);
  } catch (err) {
    if (err instanceof BlobNotFoundError) throw notFound(message('attachments.noFile', { id: attachmentId }));
    throw err;
  }
  await recordAudit(ctx, {
    action: 'attachment.download',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    corporateStructureId: row.corporateStructureId,
    patientId: row.patientId,
    ip,
    detail: { attachmentId, clientFacilityId: row.clientFacilityId, size },
  });
  return { body, fileName: row.name, contentType: row.mimeType, size };
}
