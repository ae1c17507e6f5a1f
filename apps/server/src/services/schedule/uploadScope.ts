import { MEMBER_TYPES, message } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, uploads } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';
import { isEmptyScope } from '../tenantScope/tenantScope.js';
import type { ImportResult } from './importSchedule.js';
import type { ScheduleKind } from './scheduleFacility.js';

export type UploadRecord = typeof uploads.$inferSelect;

const MAX_INT8_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * A schedule or patient upload of a client facility in one of the account's corporate structures
 * (any account's: a manager reviews the uploads of the structure); 404 otherwise, so another
 * tenant's upload is not told apart from none.
 */
export async function requireTenantUpload(
  ctx: AppContext,
  auth: Auth,
  uploadId: number,
): Promise<UploadRecord> {
  const [row] =
    !isEmptyScope(auth.scope) && uploadId <= MAX_INT8_SAFE
      ? await ctx.database.db
          .select({ upload: uploads })
          .from(uploads)
          .innerJoin(clientFacilities, eq(clientFacilities.id, uploads.clientFacilityId))
          .where(
            and(
              eq(uploads.id, uploadId),
              inArray(uploads.kind, ['SCHEDULE', 'ADT']),
              inScope(auth.scope, clientFacilities.corporateStructureId),
            ),
          )
      : [];
  if (!row) throw notFound(message('schedule.uploadNotFound', { id: uploadId }));
  return row.upload;
}

/** Reverting needs a manager account with the permission of the upload's kind. */
export function hasRevertPermission(auth: Auth, kind: string): boolean {
  const permission = (kind as ScheduleKind) === 'ADT' ? 'adtUpload' : 'physicianScheduleUpload';
  return auth.memberType === MEMBER_TYPES.manager && auth.permissions.has(permission);
}

export function requireRevertPermission(auth: Auth, kind: string): void {
  if (!hasRevertPermission(auth, kind)) throw forbidden(message('schedule.noRevertPermission'));
}

/** Whether the caller may revert the upload now (shown as the Revert button). */
export function canRevert(auth: Auth, upload: UploadRecord): boolean {
  const result = (upload.result ?? {}) as Partial<ImportResult>;
  return (
    hasRevertPermission(auth, upload.kind) &&
    upload.status === 'done' &&
    upload.revertedAt === null &&
    result.changesKept === true
  );
}

/** An upload the caller's own account submitted (a confirm or cancel is its submitter's); 404 otherwise. */
export async function requireOwnUpload(ctx: AppContext, auth: Auth, uploadId: number): Promise<UploadRecord> {
  const upload = await requireTenantUpload(ctx, auth, uploadId);
  if (upload.accountId !== auth.accountId)
    throw notFound(message('schedule.uploadNotFound', { id: uploadId }));
  return upload;
}
