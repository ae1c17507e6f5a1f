import { type RecentUpload, UPLOAD_EFFECT_LIMITS, UPLOAD_STATUSES } from '@quill/core';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, uploads } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';
import { isEmptyScope } from '../tenantScope/tenantScope.js';
import { canRevert } from './uploadScope.js';

/**
 * GET /api/schedule/uploads: the latest submitted schedule and patient uploads of the account's
 * corporate structures (file name and state only, no patient data), newest first, with whether
 * the caller may revert each.
 */
export async function listRecentUploads(ctx: AppContext, auth: Auth): Promise<RecentUpload[]> {
  if (isEmptyScope(auth.scope)) return [];
  const rows = await ctx.database.db
    .select({ upload: uploads })
    .from(uploads)
    .innerJoin(clientFacilities, eq(clientFacilities.id, uploads.clientFacilityId))
    .where(
      and(
        inArray(uploads.kind, ['SCHEDULE', 'ADT']),
        ne(uploads.status, 'validated'),
        inScope(auth.scope, clientFacilities.corporateStructureId),
      ),
    )
    .orderBy(desc(uploads.id))
    .limit(UPLOAD_EFFECT_LIMITS.recentUploads);
  return rows.map(({ upload }) => ({
    uploadId: upload.id,
    fileName: upload.fileName,
    kind: upload.kind as RecentUpload['kind'],
    status: (UPLOAD_STATUSES as readonly string[]).includes(upload.status)
      ? (upload.status as RecentUpload['status'])
      : 'failed',
    createdAt: upload.createdAt.toISOString(),
    revertedAt: upload.revertedAt?.toISOString() ?? null,
    canRevert: canRevert(auth, upload),
  }));
}
