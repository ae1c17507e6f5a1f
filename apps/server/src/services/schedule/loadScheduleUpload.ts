import { message, SCHEDULE_LIMITS } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { uploads } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import { BlobNotFoundError } from '../../storage/blobStore.js';
import { readScheduleFile, type ScheduleSheet } from './readScheduleFile.js';

export type UploadRow = typeof uploads.$inferSelect;

/** How long a checked file waits for its mapping before it must be uploaded again. */
export const VALIDATED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** The stored file of an upload, read again (it was checked when it was uploaded). */
export async function readStoredSheet(ctx: AppContext, upload: UploadRow): Promise<ScheduleSheet> {
  let bytes: Buffer;
  try {
    bytes = await ctx.blobs.get(upload.blobKey);
  } catch (err) {
    if (err instanceof BlobNotFoundError) throw notFound(message('schedule.fileExpired'));
    throw err;
  }
  return readScheduleFile(ctx, bytes, upload.fileName, {
    ...SCHEDULE_LIMITS,
    maxHeadings: Number.MAX_SAFE_INTEGER,
    maxRows: Number.MAX_SAFE_INTEGER,
  });
}

/**
 * The 'validated' upload a submit names: the account's own, for this facility and kind (404
 * uploadNotFound otherwise — another account's upload is not told apart from a missing one); one
 * already submitted or older than a day answers 404 fileExpired.
 */
export async function requireValidatedUpload(
  ctx: AppContext,
  where: { uploadId: number | null; label: string; accountId: number; facilityId: number; kind: string },
  now = new Date(),
): Promise<UploadRow> {
  const [upload] =
    where.uploadId === null
      ? []
      : await ctx.database.db
          .select()
          .from(uploads)
          .where(
            and(
              eq(uploads.id, where.uploadId),
              eq(uploads.accountId, where.accountId),
              eq(uploads.clientFacilityId, where.facilityId),
              eq(uploads.kind, where.kind),
            ),
          );
  if (!upload) throw notFound(message('schedule.uploadNotFound', { id: where.label }));
  if (upload.status !== 'validated' || now.getTime() - upload.createdAt.getTime() > VALIDATED_UPLOAD_TTL_MS) {
    throw notFound(message('schedule.fileExpired'));
  }
  return upload;
}
