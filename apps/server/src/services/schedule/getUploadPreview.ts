import { message, type UploadPreview } from '@quill/core';
import type { AppContext } from '../../context.js';
import { conflict } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { uploadCounts } from './getUploadStatus.js';
import type { ImportResult } from './importSchedule.js';
import { hasUploadPermission } from './scheduleFacility.js';
import { requireTenantUpload } from './uploadScope.js';

/**
 * GET /api/schedule/uploads/{uploadId}/preview (issue 39): what a submitted upload would change —
 * worked out by the importSchedule task, nothing applied — or, once confirmed, what it was shown to
 * change. 409 while it is not worked out yet. Patient data: audited (schedule.previewShown).
 */
export async function getUploadPreview(
  ctx: AppContext,
  auth: Auth,
  uploadId: number,
  ip: string | null = null,
): Promise<UploadPreview> {
  const upload = await requireTenantUpload(ctx, auth, uploadId);
  const r = (upload.result ?? {}) as Partial<ImportResult>;
  const preview = r.preview;
  if (!preview) throw conflict(message('schedule.previewNotReady', { id: upload.id }));
  await recordAudit(ctx, {
    action: 'schedule.previewShown',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
    detail: { uploadId: upload.id, jobs: preview.jobsChanged, finalJobs: preview.jobsFinal },
  });
  const counts = uploadCounts(upload);
  return {
    ...counts,
    changes: preview.changes,
    moreChanges: preview.moreChanges,
    jobs: preview.jobs,
    moreJobs: preview.moreJobs,
    changedSincePreview: preview.changedSincePreview,
    canConfirm:
      counts.status === 'preview' &&
      upload.accountId === auth.accountId &&
      hasUploadPermission(auth, upload.kind),
  };
}
