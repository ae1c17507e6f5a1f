import {
  cellPreview,
  type HeadingMappingItem,
  HeadingMappingItemSchema,
  message,
  SCHEDULE_DATE_FORMATS,
  SCHEDULE_LIMITS,
  type UploadFormType,
  ValidateHeadingsFieldsSchema,
  type ValidateHeadingsResponse,
} from '@quill/core';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { uploads } from '../../db/schema/index.js';
import { invalid, tooLarge } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { prefillItems } from './mappingRules.js';
import { acceptedExtension, readScheduleFile, type SheetLimits } from './readScheduleFile.js';
import {
  kindOf,
  listOfferedDefinitions,
  requireScheduleFacility,
  requireUploadPermission,
  type ScheduleKind,
} from './scheduleFacility.js';

/** A validateheadings request as read from the multipart body. */
export interface ScheduleUpload {
  fields: Record<string, string>;
  file: { bytes: Buffer; filename: string } | null;
  /** The file ran past the upload limit (its bytes were dropped). */
  tooLarge: boolean;
}

export interface ValidateHeadingsOptions {
  maxBytes?: number;
  limits?: SheetLimits;
}

/** The opaque name of an upload row that the submit step presents back. */
export const revisedFileNameOf = (uploadId: number) => `upload-${uploadId}`;
export function uploadIdOf(revisedFileName: string): number | null {
  const m = /^upload-(\d{1,15})$/.exec(revisedFileName);
  return m ? Number(m[1]) : null;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
const StoredMappingSchema = z.array(HeadingMappingItemSchema);

/** The items of this facility's last submitted mapping of this kind, or null when there is none. */
async function previousMapping(
  ctx: AppContext,
  facilityId: number,
  kind: ScheduleKind,
): Promise<HeadingMappingItem[] | null> {
  const [last] = await ctx.database.db
    .select({ mapping: uploads.mapping })
    .from(uploads)
    .where(
      and(
        eq(uploads.clientFacilityId, facilityId),
        eq(uploads.kind, kind),
        inArray(uploads.status, ['queued', 'processing', 'done', 'failed']),
        isNotNull(uploads.mapping),
      ),
    )
    .orderBy(desc(uploads.id))
    .limit(1);
  const parsed = StoredMappingSchema.safeParse((last?.mapping as { items?: unknown } | undefined)?.items);
  return parsed.success ? parsed.data : null;
}

/**
 * POST /api/schedule/validateheadings (spec 02 §4): checks the form type's permission, the
 * facility (404 for another tenant's), the file (kind, size, shape), then keeps it — blob and an
 * `uploads` row in status 'validated' — and answers the mapping items to review, the sample rows,
 * the definitions a heading may be mapped to and the date formats the server reads.
 */
export async function validateHeadings(
  ctx: AppContext,
  auth: Auth,
  upload: ScheduleUpload,
  ip: string | null,
  opts: ValidateHeadingsOptions = {},
): Promise<ValidateHeadingsResponse> {
  const parsed = ValidateHeadingsFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? message('schedule.badUpload'));
  const fields = parsed.data;
  const kind = kindOf(fields.formType as UploadFormType);
  requireUploadPermission(auth, kind);
  const facility = await requireScheduleFacility(ctx, auth, fields.companyId);
  const maxBytes = opts.maxBytes ?? SCHEDULE_LIMITS.maxUploadBytes;
  if (upload.tooLarge) throw tooLarge(message('schedule.tooLarge', { max: megabytes(maxBytes) }));
  const file = upload.file;
  if (!file || file.bytes.length === 0) throw invalid(message('schedule.noFile'));
  const ext = acceptedExtension(file.filename);
  if (!ext) throw invalid(message('schedule.unsupportedFile'));
  const sheet = await readScheduleFile(ctx, file.bytes, file.filename, opts.limits);

  const offered = await listOfferedDefinitions(ctx, facility, fields.mshActionType);
  const { items, mappingsExist } = prefillItems(
    sheet,
    offered,
    await previousMapping(ctx, facility.id, kind),
  );
  const blob = await ctx.blobs.putContent(file.bytes, {
    prefix: 'schedule-uploads',
    extension: ext.slice(1),
  });
  const fileName = file.filename.slice(0, 255);
  const [row] = await ctx.database.db
    .insert(uploads)
    .values({
      accountId: auth.accountId!,
      clientFacilityId: facility.id,
      kind,
      fileName,
      blobKey: blob.key,
      size: blob.size,
      actionType: fields.mshActionType,
      status: 'validated',
    })
    .returning({ id: uploads.id });
  await recordAudit(ctx, {
    action: 'schedule.validate',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    corporateStructureId: facility.corporateStructureId,
    ip,
    detail: {
      uploadId: row!.id,
      kind,
      clientFacilityId: facility.id,
      rows: sheet.rows.length,
      size: blob.size,
    },
  });
  return {
    fileName,
    revisedFileName: revisedFileNameOf(row!.id),
    totalRows: sheet.rows.length,
    mappingItems: items,
    mappingsExist,
    // Issue 41: an answer echoes at most a preview of each cell.
    sampleDataTable: {
      headings: sheet.headings,
      rows: sheet.rows.slice(0, SCHEDULE_LIMITS.sampleRows).map((r) => r.map((c) => cellPreview(c))),
    },
    adtDefinitions: offered.map((o) => o.def),
    dateFormats: [...SCHEDULE_DATE_FORMATS],
  };
}
