import {
  CLOSED_STAGE_IDS,
  canSeePatientName,
  DOCUMENT_DATE_FORMATS,
  DOCUMENT_PATIENT_DIFFERS,
  type DocumentPatient,
  type DocumentPatientMismatch,
  documentNamesPatient,
  formatJobDate,
  IdentityConfirmationSchema,
  type IdentityPart,
  type ImportDocumentResult,
  identityComparedParts,
  identityDifferenceValues,
  MAX_DOCUMENT_IMPORT_BYTES,
  message,
  type PatientCheck,
  stageName,
} from '@quill/core';
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
import { conflict, invalid, notFound, tooLarge, withDetails } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/resolveSession.js';
import { currentDocument } from '../jobEditor/currentDocument.js';
import {
  jobPatientOf,
  lowerDocumentPatientFlag,
  raiseDocumentPatientFlag,
} from '../jobEditor/holdQueue/documentPatientFlag.js';
import { changesText, documentBefore, voidSignatureOnEdit } from '../jobEditor/voidSignature.js';
import { requireJob } from '../tenantScope/requireJob.js';

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

/** Who the imported file says it is about (issue 39's reader, on a document thread). */
async function uploadPatient(
  ctx: AppContext,
  bytes: Buffer,
  format: Format,
): Promise<DocumentPatient | null> {
  try {
    const patient = await ctx.documents.run('documentPatient', { stored: bytes, storedFormat: format });
    return documentNamesPatient(patient) ? patient : null;
  } catch (err) {
    throw documentRefusal(err) ?? err;
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

/** A job may take a document only where the editor may edit it: never Finished or Cancelled (editGate). */
function refuseClosedJob(jobId: number, stageId: number) {
  if (CLOSED_STAGE_IDS.includes(stageId))
    throw conflict(
      message('job.closedStage', { jobId, stage: stageName(stageId) ?? stageId }),
      'closed_stage',
    );
}

/** How the file's patient compares with the job's (as `db` holds the job's ADT data). */
interface PatientComparison {
  check: Exclude<PatientCheck, 'confirmed'> | 'differs';
  mismatch: DocumentPatientMismatch;
}

async function comparePatients(
  db: Parameters<typeof jobPatientOf>[0],
  job: Parameters<typeof jobPatientOf>[1],
  document: DocumentPatient | null,
): Promise<PatientComparison> {
  const jobPatient = await jobPatientOf(db, job);
  const differences = identityDifferenceValues(document, jobPatient);
  const check = !document
    ? 'none'
    : differences.length
      ? 'differs'
      : identityComparedParts(document, jobPatient).length
        ? 'match'
        : 'notCompared';
  return { check, mismatch: { differences, documentPatient: document, jobPatient } };
}

/**
 * The 409 of a file about another patient (issue 40): the parts that differ, and — for a caller
 * who may see patient data (the command line's operator may) — both values, in the message and in
 * `details`. The message is answered, never logged (http/errorHandler logs status and code).
 */
function patientDiffers(
  jobId: number,
  mismatch: DocumentPatientMismatch,
  showValues: boolean,
  dateFormat: string,
) {
  const part = (p: IdentityPart) => message(`patientIdentity.${p}`);
  // A birth date reads in the user's date format (the command line's: the documents' format).
  const value = (p: IdentityPart, v: string | null) =>
    (p === 'birthDate' ? formatJobDate(v, { dateFormat }) || v : v) ?? '—';
  const differences = mismatch.differences
    .map((d) =>
      showValues
        ? message('documentPatient.difference', {
            part: part(d.part),
            document: value(d.part, d.document),
            job: value(d.part, d.job),
          })
        : message('documentPatient.differenceWithheld', { part: part(d.part) }),
    )
    .join('; ');
  const details: DocumentPatientMismatch = showValues
    ? mismatch
    : {
        differences: mismatch.differences.map((d) => ({ part: d.part, document: null, job: null })),
        documentPatient: null,
        jobPatient: null,
      };
  return withDetails(
    conflict(message('documentPatient.differs', { jobId, differences }), DOCUMENT_PATIENT_DIFFERS),
    details,
  );
}

const PATIENT_MESSAGES = {
  match: () => message('documentPatient.match'),
  none: () => message('documentPatient.none'),
  notCompared: () => message('documentPatient.notCompared'),
  confirmed: () => message('documentPatient.confirmed', { flag: message('documentPatient.flag') }),
} satisfies Record<PatientCheck, () => string>;

async function loadJob(ctx: AppContext, importer: Importer, jobId: number) {
  if (importer.kind === 'account') return requireJob(ctx, importer.auth.scope, jobId);
  const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw notFound(`Job ${jobId} was not found.`);
  return job;
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
  if (upload.tooLarge || (upload.file && upload.file.bytes.length > maxBytes)) {
    throw tooLarge(message('documents.import.tooLarge', { max: megabytes(maxBytes) }));
  }
  const file = upload.file;
  if (!file || file.bytes.length === 0) throw invalid(message('documents.import.noFile'));
  const reason = confirmationReason(opts.confirmPatient);
  const format = await checkDocument(ctx.documents, file.bytes);
  const auth = importer.kind === 'account' ? importer.auth : null;
  // Whose document is this (issue 40): a file about another patient is refused unless confirmed.
  const documentPatient = await uploadPatient(ctx, file.bytes, format);
  const showValues = auth === null || canSeePatientName(auth.permissions);
  const dateFormat = auth?.display.dateFormat ?? DOCUMENT_DATE_FORMATS.dateFormat;
  /** Who acted on which job, for every audit row of this import. */
  const actor = {
    userId: auth?.userId ?? null,
    accountId: auth?.accountId ?? null,
    corporateStructureId: job.corporateStructureId,
    jobId,
    ip,
  };
  const refused = async (mismatch: DocumentPatientMismatch) => {
    await recordAudit(ctx, {
      action: 'document.import',
      outcome: 'failure',
      ...actor,
      patientId: job.patientId,
      detail: { code: DOCUMENT_PATIENT_DIFFERS, parts: mismatch.differences.map((d) => d.part) },
    });
    return patientDiffers(jobId, mismatch, showValues, dateFormat);
  };
  const first = await comparePatients(ctx.database.db, job, documentPatient);
  if (first.check === 'differs' && reason === null) throw await refused(first.mismatch);
  const blob = await ctx.blobs.putContent(file.bytes, {
    prefix: 'documents',
    extension: format === 'CDA' ? 'xml' : 'docx',
  });

  const done = await ctx.database.db.transaction(async (tx) => {
    // The row lock orders concurrent imports and saves of the job.
    const [locked] = await tx
      .select({
        version: jobs.version,
        stageId: jobs.stageId,
        signedAt: jobs.signedAt,
        forceResign: jobs.forceResign,
        adt: jobs.adt,
        patientId: jobs.patientId,
      })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .for('update');
    refuseClosedJob(jobId, locked!.stageId);
    // The job's patient as it is now (a save may have changed it since the first look).
    const compared = await comparePatients(tx, locked!, documentPatient);
    if (compared.check === 'differs' && reason === null)
      throw patientDiffers(jobId, compared.mismatch, showValues, dateFormat);
    const patientCheck: PatientCheck = compared.check === 'differs' ? 'confirmed' : compared.check;
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
    // The flag holds while the document names another patient; a file that does not lowers it.
    let flagLowered = false;
    if (patientCheck === 'confirmed') await raiseDocumentPatientFlag(tx, jobId);
    else flagLowered = await lowerDocumentPatientFlag(tx, jobId);
    await recordAudit(
      ctx,
      {
        action: 'document.import',
        outcome: 'success',
        ...actor,
        patientId: job.patientId,
        detail: {
          version: next,
          format,
          size: blob.size,
          via: importer.kind === 'account' ? 'api' : importer.via,
          patientCheck,
          ...(flagLowered ? { flagLowered } : {}),
        },
      },
      tx,
    );
    if (patientCheck === 'confirmed') {
      await recordAudit(
        ctx,
        {
          action: 'job.document.patientConfirmed',
          outcome: 'success',
          ...actor,
          patientId: locked!.patientId,
          detail: { version: next, parts: compared.mismatch.differences.map((d) => d.part), reason },
        },
        tx,
      );
    }
    return { version: next, patientCheck };
  });
  return {
    jobId,
    version: done.version,
    format,
    patientCheck: done.patientCheck,
    patientMessage: PATIENT_MESSAGES[done.patientCheck](),
  };
}
