import {
  DOCUMENT_PATIENT_DIFFERS,
  IdentityConfirmationSchema,
  type ImportDocumentResult,
  MAX_DOCUMENT_IMPORT_BYTES,
  message,
} from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobs } from '../../db/schema/index.js';
import { NotCdaError } from '../../documents/cda/readCda.js';
import { XmlSyntaxError } from '../../documents/cda/xmlTree.js';
import { documentRefusal, xmlRefusal } from '../../documents/documentRefusal.js';
import { NotDocxError } from '../../documents/docx/readDocx.js';
import type { DocumentPool } from '../../documents/pool/documentPool.js';
import { UnsupportedDocumentError } from '../../documents/pool/poolErrors.js';
import { invalid, notFound, tooLarge } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { requireJob } from '../tenantScope/requireJob.js';
import {
  comparePatients,
  patientDiffers,
  patientMessage,
  refusalView,
  uploadPatient,
} from './importPatientCheck.js';
import { type ImportSubject, refuseClosedJob, storeImportedDocument } from './storeImportedDocument.js';

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

/** The reason confirming an import past a patient mismatch: one line, 1–IDENTITY_REASON_MAX characters (400 otherwise). */
export function confirmationReason(reason: string | null | undefined): string | null {
  if (reason === null || reason === undefined) return null;
  const parsed = IdentityConfirmationSchema.safeParse({ reason });
  if (!parsed.success)
    throw invalid(parsed.error.issues[0]?.message ?? message('patientIdentity.reasonRequired'));
  return parsed.data.reason;
}

async function loadJob(ctx: AppContext, importer: Importer, jobId: number) {
  if (importer.kind === 'account') return requireJob(ctx, importer.auth.scope, jobId);
  const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound(`Job ${jobId} was not found.`);
  return job;
}

/** The file of an upload within `maxBytes` (413 past it) and not empty (400). */
function requireFile(upload: DocumentUpload, maxBytes: number) {
  if (upload.tooLarge || (upload.file && upload.file.bytes.length > maxBytes)) {
    throw tooLarge(message('documents.import.tooLarge', { max: megabytes(maxBytes) }));
  }
  const file = upload.file;
  if (!file || file.bytes.length === 0) throw invalid(message('documents.import.noFile'));
  return file;
}

/**
 * Whose document is this (issue 40): a file about another patient, without a confirmation, is
 * refused (409, audited with the parts that differ) before anything is stored.
 */
async function refuseOtherPatient(ctx: AppContext, subject: ImportSubject) {
  const first = await comparePatients(ctx.database.db, subject.job, subject.documentPatient);
  if (first.check !== 'differs' || subject.reason !== null) return;
  await recordAudit(ctx, {
    action: 'document.import',
    outcome: 'failure',
    ...subject.actor,
    patientId: subject.job.patientId,
    detail: { code: DOCUMENT_PATIENT_DIFFERS, parts: first.mismatch.differences.map((d) => d.part) },
  });
  throw patientDiffers(subject.jobId, first.mismatch, subject.view);
}

/**
 * Document intake (POST /api/job/importDocument/{jobId}, `npm run import-document`, and every
 * later intake path: they all come here): stores a CDA XML or DOCX file from a transcription or
 * speech-recognition engine as the job's new document version. Checks, in order, the job (404,
 * another tenant's too), that the editor could still edit it (409 `closed_stage` for a Finished or
 * cancelled job, the editor's own words: a finished document is final, issue 40), the size (413),
 * a file at all, the confirmation's reason and the content (400), and whose document it is (issue
 * 40): a file whose patient (recordTarget, or a Word document's patient line) differs from the
 * job's is refused with 409 `document_patient_differs` naming what differs — unless
 * `opts.confirmPatient` gives a reason — so a refused file changes nothing. Then in one
 * transaction refuses a job booked out by another account (409), appends the version (job version
 * + 1, source 'import'), moves the job to that version and document type — a new text of a signed
 * job voids the signature (force re-sign, ES; jobEditor/voidSignature.ts) — raises the
 * document-patient flag for a confirmed mismatch (job.document.patientConfirmed audited with the
 * reason) or lowers it for a file that does not differ, and writes the audit row.
 */
export async function importDocument(
  ctx: AppContext,
  importer: Importer,
  jobId: number,
  upload: DocumentUpload,
  ip: string | null,
  opts: { maxBytes?: number; confirmPatient?: string | null | undefined } = {},
): Promise<ImportDocumentResult> {
  const maxBytes = opts.maxBytes ?? MAX_DOCUMENT_IMPORT_BYTES;
  const job = await loadJob(ctx, importer, jobId);
  // A finished document is final (issue 40): refused as the editor refuses to edit it.
  refuseClosedJob(jobId, job.stageId);
  const file = requireFile(upload, maxBytes);
  const reason = confirmationReason(opts.confirmPatient);
  const format = await checkDocument(ctx.documents, file.bytes);
  const auth = importer.kind === 'account' ? importer.auth : null;
  const subject: ImportSubject = {
    jobId,
    job,
    auth,
    via: importer.kind === 'account' ? 'api' : importer.via,
    bytes: file.bytes,
    format,
    documentPatient: await uploadPatient(ctx, file.bytes, format),
    reason,
    view: refusalView(auth),
    actor: {
      userId: auth?.userId ?? null,
      accountId: auth?.accountId ?? null,
      corporateStructureId: job.corporateStructureId,
      jobId,
      ip,
    },
  };
  await refuseOtherPatient(ctx, subject);
  const blob = await ctx.blobs.putContent(file.bytes, {
    prefix: 'documents',
    extension: format === 'CDA' ? 'xml' : 'docx',
  });
  const done = await storeImportedDocument(ctx, subject, blob);
  return {
    jobId,
    version: done.version,
    format,
    patientCheck: done.patientCheck,
    patientMessage: patientMessage(done.patientCheck),
  };
}
