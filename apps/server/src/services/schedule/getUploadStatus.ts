import { message, UPLOAD_STATUSES, type UploadStatus } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { uploads } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import type { ImportResult } from './importSchedule.js';

const count = (n: unknown) => (typeof n === 'number' ? n : 0);

/** An upload's state and counts (uploads.result): what it would do once previewed, what it did once done. */
export function uploadCounts(upload: typeof uploads.$inferSelect) {
  const r = (upload.result ?? {}) as Partial<ImportResult>;
  const status = (UPLOAD_STATUSES as readonly string[]).includes(upload.status)
    ? (upload.status as UploadStatus['status'])
    : 'failed';
  return {
    uploadId: upload.id,
    fileName: upload.fileName,
    status,
    rowsTotal: count(r.rowsTotal),
    patientsAdded: count(r.patientsAdded),
    patientsUpdated: count(r.patientsUpdated),
    visitsAdded: count(r.visitsAdded),
    visitsUpdated: count(r.visitsUpdated),
    visitsDeleted: count(r.visitsDeleted),
    rowsSkipped: count(r.rowsSkipped),
    jobsChanged: count(r.jobsChanged),
    jobsFinal: count(r.jobsFinal),
  };
}

/** GET /api/schedule/status/{uploadId}: how far a schedule or patient upload of this account is. */
export async function getUploadStatus(ctx: AppContext, auth: Auth, uploadId: number): Promise<UploadStatus> {
  const [upload] = await ctx.database.db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.accountId, auth.accountId!),
        inArray(uploads.kind, ['SCHEDULE', 'ADT']),
      ),
    );
  if (!upload) throw notFound(message('schedule.uploadNotFound', { id: uploadId }));
  const r = (upload.result ?? {}) as Partial<ImportResult>;
  const counts = uploadCounts(upload);
  const { status } = counts;
  return {
    ...counts,
    warnings: Array.isArray(r.warnings) ? r.warnings : [],
    error: status === 'failed' ? (r.error ?? message('schedule.processingError')) : null,
    revertedAt: upload.revertedAt?.toISOString() ?? null,
  };
}
