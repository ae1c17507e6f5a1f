import { randomUUID } from 'node:crypto';
import {
  message,
  SCHEDULE_LIMITS,
  type SubmitHeadingsRequest,
  type SubmitHeadingsResponse,
} from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { uploads } from '../../db/schema/index.js';
import { transactionSql } from '../../db/transactionSql.js';
import { notFound } from '../../errors/domainErrors.js';
import { importScheduleTask } from '../../tasks/importSchedule.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { readStoredSheet, requireValidatedUpload } from './loadScheduleUpload.js';
import { checkMapping, type StoredMapping } from './mappingRules.js';
import { capWarnings, parseRows } from './parseRows.js';
import {
  listOfferedDefinitions,
  requireScheduleFacility,
  requireUploadPermission,
  type ScheduleKind,
} from './scheduleFacility.js';
import { uploadIdOf } from './validateHeadings.js';

/**
 * POST /api/schedule/SubmitScheduleHeadings and SubmitADTHeadings (spec 02 §4/§5): checks the
 * mapping against the stored file and the facility's definitions — a mapping with errors is
 * answered (hasErrors) and changes nothing — then reads every row for the warnings, keeps the
 * mapping on the upload, marks it queued and enqueues importSchedule in the same transaction.
 */
export async function submitHeadings(
  ctx: AppContext,
  auth: Auth,
  kind: ScheduleKind,
  body: SubmitHeadingsRequest,
  ip: string | null,
): Promise<SubmitHeadingsResponse> {
  requireUploadPermission(auth, kind);
  const facility = await requireScheduleFacility(ctx, auth, body.companyId);
  const upload = await requireValidatedUpload(ctx, {
    uploadId: uploadIdOf(body.revisedFileName),
    label: body.revisedFileName,
    accountId: auth.accountId!,
    facilityId: facility.id,
    kind,
  });
  const sheet = await readStoredSheet(ctx, upload);
  const offered = await listOfferedDefinitions(ctx, facility, body.actionType);
  const check = checkMapping({ sheet, items: body.mappingItems, offered, actionType: body.actionType, kind });
  if (check.errors.length) return { hasErrors: true, errors: check.errors, warnings: [], uploadId: null };

  const parsed = parseRows({
    sheet,
    resolved: check.resolved,
    offered,
    defaultValues: body.defaultValues,
    actionType: body.actionType,
  });
  const warnings = capWarnings(parsed.warnings, SCHEDULE_LIMITS.maxWarnings);
  const mapping: StoredMapping = {
    items: body.mappingItems,
    defaultValues: body.defaultValues,
    actionType: body.actionType,
  };
  const queued = await ctx.database.db.transaction(async (tx) => {
    const updated = await tx
      .update(uploads)
      .set({
        mapping,
        actionType: body.actionType,
        status: 'queued',
        result: { rowsTotal: sheet.rows.length, warnings },
      })
      .where(and(eq(uploads.id, upload.id), eq(uploads.status, 'validated')))
      .returning({ id: uploads.id });
    if (updated.length === 0) return false;
    await ctx.tasks.insert(importScheduleTask, [{ id: randomUUID(), payload: { uploadId: upload.id } }], {
      db: transactionSql(tx),
    });
    await recordAudit(
      ctx,
      {
        action: 'schedule.submit',
        outcome: 'success',
        userId: auth.userId,
        accountId: auth.accountId,
        corporateStructureId: facility.corporateStructureId,
        ip,
        detail: {
          uploadId: upload.id,
          kind,
          clientFacilityId: facility.id,
          actionType: body.actionType,
          rows: sheet.rows.length,
          warnings: parsed.warnings.length,
        },
      },
      tx,
    );
    return true;
  });
  // A second submit of the same upload raced this one and won.
  if (!queued) throw notFound(message('schedule.fileExpired'));
  return { hasErrors: false, errors: [], warnings, uploadId: upload.id };
}
