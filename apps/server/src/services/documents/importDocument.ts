import { type ImportDocumentResult, MAX_DOCUMENT_IMPORT_BYTES, message } from '@quill/core';
import { and, eq, gt, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts, bookings, documentVersions, jobs } from '../../db/schema/index.js';
import { NotCdaError } from '../../documents/cda/readCda.js';
import { XmlSyntaxError } from '../../documents/cda/xmlTree.js';
import { decodeXml } from '../../documents/decodeXml.js';
import { documentRefusal, xmlRefusal } from '../../documents/documentRefusal.js';
import { NotDocxError } from '../../documents/docx/readDocx.js';
import type { DocumentPool } from '../../documents/pool/documentPool.js';
import { UnsupportedDocumentError } from '../../documents/pool/poolErrors.js';
import { conflict, invalid, notFound, tooLarge } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJob } from '../jobAccess/requireJob.js';
import { currentDocument } from '../jobEditor/currentDocument.js';
import { changesText, documentBefore, voidSignatureOnEdit } from '../jobEditor/voidSignature.js';

/** A document file as read from a multipart body or from disk. */
export interface DocumentUpload {
  file: { bytes: Buffer; filename: string } | null;
  /** The file ran past the limit (its bytes were dropped). */
  tooLarge: boolean;
}

/** Who imports: a signed-in account (tenant-checked), or the system (the command line). */
export type Importer = { kind: 'account'; auth: Auth } | { kind: 'system'; via: string };

type Format = ImportDocumentResult['format'];

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * What the bytes are, by their content (never the file name): a zip is checked as DOCX (a real
 * zip holding a WordprocessingML word/document.xml), text starting with `<` as CDA (UTF-8,
 * well-formed, ClinicalDocument root in urn:hl7-org:v3). 400 with the reason otherwise.
 */
export async function checkDocument(pool: DocumentPool, bytes: Buffer): Promise<Format> {
  try {
    // Read on a document thread, within the DOCUMENT_* limits: never on the event loop.
    return await pool.run('checkDocument', { bytes });
  } catch (err) {
    const refusal = documentRefusal(err) ?? xmlRefusal(err);
    if (refusal) throw refusal;
    if (err instanceof UnsupportedDocumentError) throw invalid(message('documents.import.unsupported'));
    if (err instanceof NotDocxError)
      throw invalid(message('documents.import.notDocx', { detail: err.detail }));
    if (err instanceof XmlSyntaxError || err instanceof NotCdaError)
      throw invalid(message('documents.import.notCda', { detail: err.detail }));
    throw err;
  }
}

async function loadJob(ctx: AppContext, importer: Importer, jobId: number) {
  if (importer.kind === 'account') return requireJob(ctx, importer.auth, jobId);
  const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound(`Job ${jobId} was not found.`);
  return job;
}

/**
 * Document intake (POST /api/job/importDocument/{jobId}, `npm run import-document`): stores a
 * CDA XML or DOCX file from a transcription or speech-recognition engine as the job's new
 * document version. Checks, in order, the job (404, another tenant's too), the size (413), a file
 * at all and its content (400) — so a refused file changes nothing — then in one transaction
 * refuses a job booked out by another account (409), appends the version (job version + 1,
 * source 'import'), moves the job to that version and document type — a new text of a signed job
 * voids the signature (force re-sign, ES; jobEditor/voidSignature.ts) — and writes the audit row.
 */
export async function importDocument(
  ctx: AppContext,
  importer: Importer,
  jobId: number,
  upload: DocumentUpload,
  ip: string | null,
  opts: { maxBytes?: number } = {},
): Promise<ImportDocumentResult> {
  const maxBytes = opts.maxBytes ?? MAX_DOCUMENT_IMPORT_BYTES;
  const job = await loadJob(ctx, importer, jobId);
  if (upload.tooLarge || (upload.file && upload.file.bytes.length > maxBytes)) {
    throw tooLarge(message('documents.import.tooLarge', { max: megabytes(maxBytes) }));
  }
  const file = upload.file;
  if (!file || file.bytes.length === 0) throw invalid(message('documents.import.noFile'));
  const format = await checkDocument(ctx.documents, file.bytes);
  const blob = await ctx.blobs.putContent(file.bytes, {
    prefix: 'documents',
    extension: format === 'CDA' ? 'xml' : 'docx',
  });
  const auth = importer.kind === 'account' ? importer.auth : null;

  const version = await ctx.database.db.transaction(async (tx) => {
    // The row lock orders concurrent imports and saves of the job.
    const [locked] = await tx
      .select({
        version: jobs.version,
        stageId: jobs.stageId,
        signedAt: jobs.signedAt,
        forceResign: jobs.forceResign,
      })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .for('update');
    const [holder] = await tx
      .select({
        accountId: bookings.accountId,
        member: accounts.member,
        restoreStageId: bookings.restoreStageId,
      })
      .from(bookings)
      .innerJoin(accounts, eq(accounts.id, bookings.accountId))
      .where(and(eq(bookings.jobId, jobId), gt(bookings.expiresAt, sql`now()`)));
    if (holder && holder.accountId !== auth?.accountId) {
      throw conflict(message('documents.import.bookedByOther', { jobId, holder: holder.member }));
    }
    const [newest] = await tx
      .select({ version: max(documentVersions.version) })
      .from(documentVersions)
      .where(eq(documentVersions.jobId, jobId));
    const next = Math.max(locked!.version, newest?.version ?? 0) + 1;
    // A signed text is never changed silently (issue 39): an import that changes it voids the signature.
    const before = await documentBefore(ctx, await currentDocument(tx, jobId));
    const after = { key: blob.key, format, xml: format === 'CDA' ? decodeXml(file.bytes) : null };
    const voided = await voidSignatureOnEdit(
      ctx,
      tx,
      { userId: auth?.userId ?? null, accountId: auth?.accountId ?? null },
      { ...job, ...locked! },
      {
        waitingStageId: holder ? (holder.restoreStageId ?? locked!.stageId) : locked!.stageId,
        booked: holder !== undefined,
        textChanged: changesText(before, after),
        via: 'import',
      },
      ip,
    );
    await tx.insert(documentVersions).values({
      jobId,
      version: next,
      format,
      blobKey: blob.key,
      size: blob.size,
      isDraft: false,
      source: 'import',
      createdByAccountId: auth?.accountId ?? null,
    });
    await tx
      .update(jobs)
      // The first text's time (issue 27 turnaround) is the first document's arrival, imported or typed.
      .set({
        ...voided,
        version: next,
        documentType: format,
        firstTextAt: sql`coalesce(${jobs.firstTextAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(jobs.id, jobId));
    await recordAudit(
      ctx,
      {
        action: 'document.import',
        outcome: 'success',
        userId: auth?.userId ?? null,
        accountId: auth?.accountId ?? null,
        corporateStructureId: job.corporateStructureId,
        jobId,
        patientId: job.patientId,
        ip,
        detail: {
          version: next,
          format,
          size: blob.size,
          via: importer.kind === 'account' ? 'api' : importer.via,
        },
      },
      tx,
    );
    return next;
  });
  return { jobId, version, format };
}
