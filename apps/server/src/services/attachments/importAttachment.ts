import {
  ATTACHMENT_MEDIA_TYPES,
  ImportAttachmentFieldsSchema,
  type ImportedAttachment,
  MAX_ATTACHMENT_BYTES,
  message,
} from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { attachments, clientFacilities, patients, visits } from '../../db/schema/index.js';
import { invalid, notFound, tooLarge } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { DocumentUpload, Importer } from '../documents/importDocument.js';
import { mayAccess } from '../tenantScope/mayAccess.js';
import { attachmentFileName, attachmentType } from './attachmentType.js';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** The form's fields, read with the contract's bounds; an empty field counts as not sent. */
function readFields(raw: Record<string, string>) {
  const sent = Object.fromEntries(Object.entries(raw).filter(([, v]) => v.trim() !== ''));
  const parsed = ImportAttachmentFieldsSchema.safeParse(sent);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(issue ? `${issue.path.join('.') || 'form'}: ${issue.message}` : 'Bad attachment form');
  }
  return parsed.data;
}

/** The facility (404 unless the importer may see its structure). */
async function loadFacility(ctx: AppContext, importer: Importer, id: number) {
  const [cf] = await ctx.database.db
    .select({ id: clientFacilities.id, corporateStructureId: clientFacilities.corporateStructureId })
    .from(clientFacilities)
    .where(eq(clientFacilities.id, id));
  const visible =
    importer.kind === 'system' || mayAccess(importer.auth.scope, cf?.corporateStructureId ?? -1);
  if (!cf || !visible) throw notFound(message('attachments.facilityNotFound', { id }));
  return cf;
}

/** The patient and visit ids, each of the facility's structure (404 otherwise, another tenant's too). */
async function loadPatientAndVisit(
  ctx: AppContext,
  corporateStructureId: number,
  patientId: number | undefined,
  visitId: number | undefined,
): Promise<{ patientId: number | null; visitId: number | null }> {
  const db = ctx.database.db;
  if (visitId !== undefined) {
    const [visit] = await db
      .select({ patientId: visits.patientId })
      .from(visits)
      .innerJoin(patients, eq(patients.id, visits.patientId))
      .where(and(eq(visits.id, visitId), eq(patients.corporateStructureId, corporateStructureId)));
    if (!visit || (patientId !== undefined && visit.patientId !== patientId)) {
      throw notFound(message('attachments.import.visitNotFound', { id: visitId }));
    }
    return { patientId: visit.patientId, visitId };
  }
  if (patientId === undefined) return { patientId: null, visitId: null };
  const [patient] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.corporateStructureId, corporateStructureId)));
  if (!patient) throw notFound(message('attachments.import.patientNotFound', { id: patientId }));
  return { patientId, visitId: null };
}

/**
 * Attachment intake (POST /api/attachments/import, `npm run import-attachment`): stores a PDF,
 * PNG, JPEG or TIFF file in the blob store with its name, description, context time, facility
 * and, when known, patient or visit. Checks, in order, the fields (400), the facility (404,
 * another tenant's too), the patient and visit (404 unless of the facility's structure), the size
 * (413), a file at all and its type by content (400) — so a refused file stores nothing — then
 * writes the row and the audit row `attachment.import` (ids and size, never names) together.
 */
export async function importAttachment(
  ctx: AppContext,
  importer: Importer,
  rawFields: Record<string, string>,
  upload: DocumentUpload,
  ip: string | null,
  now = new Date(),
): Promise<ImportedAttachment> {
  const fields = readFields(rawFields);
  const cf = await loadFacility(ctx, importer, fields.clientFacilityId);
  const links = await loadPatientAndVisit(ctx, cf.corporateStructureId, fields.patientId, fields.visitId);
  if (upload.tooLarge || (upload.file && upload.file.bytes.length > MAX_ATTACHMENT_BYTES)) {
    throw tooLarge(message('attachments.import.tooLarge', { max: megabytes(MAX_ATTACHMENT_BYTES) }));
  }
  const file = upload.file;
  if (!file) throw invalid(message('attachments.import.noFile'));
  if (file.bytes.length === 0) throw invalid(message('attachments.import.empty'));
  const type = attachmentType(file.bytes);
  if (!type) throw invalid(message('attachments.import.badType'));
  const name = attachmentFileName(fields.name || file.filename.split(/[\\/]/).pop() || 'attachment', type);
  const blob = await ctx.blobs.putContent(file.bytes, {
    prefix: 'attachments',
    extension: ATTACHMENT_MEDIA_TYPES[type],
  });
  const auth = importer.kind === 'account' ? importer.auth : null;
  const contextStartAt = fields.contextStartUTC ?? now;

  const row = await ctx.database.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(attachments)
      .values({
        clientFacilityId: cf.id,
        ...links,
        name,
        description: fields.description ?? '',
        mimeType: type,
        blobKey: blob.key,
        size: blob.size,
        contextStartAt,
        importedByAccountId: auth?.accountId ?? null,
      })
      .returning({ id: attachments.id });
    await recordAudit(
      ctx,
      {
        action: 'attachment.import',
        outcome: 'success',
        userId: auth?.userId ?? null,
        accountId: auth?.accountId ?? null,
        corporateStructureId: cf.corporateStructureId,
        patientId: links.patientId,
        ip,
        detail: {
          attachmentId: stored!.id,
          clientFacilityId: cf.id,
          visitId: links.visitId,
          contentType: type,
          size: blob.size,
          via: importer.kind === 'account' ? 'api' : importer.via,
        },
      },
      tx,
    );
    return stored!;
  });
  return {
    attachmentNonSequentialID: row.id,
    attachmentName: name,
    attachmentDescription: fields.description ?? '',
    contextStartUTC: contextStartAt.toISOString(),
    clientFacilityId: cf.id,
    ...links,
    contentType: type,
    size: blob.size,
  };
}
