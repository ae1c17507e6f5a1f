import {
  CLOSED_STAGE_IDS,
  type DocumentPatient,
  type ImportDocumentResult,
  message,
  type PatientCheck,
  stageName,
} from '@quill/core';
import { and, eq, gt, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { accounts, bookings, documentVersions, jobs } from '../../db/schema/index.js';
import { decodeXml } from '../../documents/decodeXml.js';
import { conflict } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { currentDocument } from '../jobEditor/currentDocument.js';
import {
  lowerDocumentPatientFlag,
  raiseDocumentPatientFlag,
} from '../jobEditor/holdQueue/documentPatientFlag.js';
import { changesText, documentBefore, voidSignatureOnEdit } from '../jobEditor/voidSignature.js';
import {
  comparePatients,
  type PatientComparison,
  patientDiffers,
  type RefusalView,
} from './importPatientCheck.js';

/** Who acted on which job, for every audit row of an import. */
export interface ImportActor {
  userId: number | null;
  accountId: number | null;
  corporateStructureId: number;
  jobId: number;
  ip: string | null;
}

/** What the checks before the transaction settled: the job, the file, who imports and why. */
export interface ImportSubject {
  jobId: number;
  job: typeof jobs.$inferSelect;
  auth: Auth | null;
  /** The audit row's `via`: 'api' for an account, the command's own name for the system. */
  via: string;
  bytes: Buffer;
  format: ImportDocumentResult['format'];
  documentPatient: DocumentPatient | null;
  /** The confirmation's reason; null: a file about another patient is refused. */
  reason: string | null;
  view: RefusalView;
  actor: ImportActor;
}

/** The stored file the new version points at. */
interface StoredFile {
  key: string;
  size: number;
}

/** A job may take a document only where the editor may edit it: never Finished or Cancelled (editGate). */
export function refuseClosedJob(jobId: number, stageId: number) {
  if (CLOSED_STAGE_IDS.includes(stageId))
    throw conflict(
      message('job.closedStage', { jobId, stage: stageName(stageId) ?? stageId }),
      'closed_stage',
    );
}

/** The job's row under lock: the lock orders concurrent imports and saves of the job. */
async function lockJob(tx: Tx, jobId: number) {
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
  return locked!;
}

type LockedJob = Awaited<ReturnType<typeof lockJob>>;

/** The job's patient as it is now (a save may have changed it since the first look): 409 if another's unconfirmed. */
async function recheckPatient(tx: Tx, locked: LockedJob, subject: ImportSubject) {
  const compared = await comparePatients(tx, locked, subject.documentPatient);
  if (compared.check === 'differs' && subject.reason === null)
    throw patientDiffers(subject.jobId, compared.mismatch, subject.view);
  return compared;
}

/** The job's live booking, if any: 409 when another account holds it. */
async function refuseOtherHolder(tx: Tx, subject: ImportSubject) {
  const { jobId, auth } = subject;
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
  return holder;
}

type Holder = Awaited<ReturnType<typeof refuseOtherHolder>>;

/** The version the import appends: after the job's own and every stored one. */
async function nextVersion(tx: Tx, jobId: number, jobVersion: number) {
  const [newest] = await tx
    .select({ version: max(documentVersions.version) })
    .from(documentVersions)
    .where(eq(documentVersions.jobId, jobId));
  return Math.max(jobVersion, newest?.version ?? 0) + 1;
}

/** A signed text is never changed silently (issue 39): an import that changes it voids the signature. */
async function voidChangedSignature(
  ctx: AppContext,
  tx: Tx,
  subject: ImportSubject,
  { locked, holder, blob }: { locked: LockedJob; holder: Holder; blob: StoredFile },
) {
  const { jobId, auth, format } = subject;
  const before = await documentBefore(ctx, await currentDocument(tx, jobId));
  const after = { key: blob.key, format, xml: format === 'CDA' ? decodeXml(subject.bytes) : null };
  return voidSignatureOnEdit(
    ctx,
    tx,
    { userId: auth?.userId ?? null, accountId: auth?.accountId ?? null },
    { ...subject.job, ...locked },
    {
      waitingStageId: holder ? (holder.restoreStageId ?? locked.stageId) : locked.stageId,
      booked: holder !== undefined,
      textChanged: changesText(before, after),
      via: 'import',
    },
    subject.actor.ip,
  );
}

/** Appends the version (source 'import') and moves the job to it and to its document type. */
async function appendVersion(
  tx: Tx,
  subject: ImportSubject,
  version: number,
  blob: StoredFile,
  voided: Awaited<ReturnType<typeof voidChangedSignature>>,
) {
  const { jobId, format } = subject;
  await tx.insert(documentVersions).values({
    jobId,
    version,
    format,
    blobKey: blob.key,
    size: blob.size,
    isDraft: false,
    source: 'import',
    createdByAccountId: subject.auth?.accountId ?? null,
  });
  await tx
    .update(jobs)
    // The first text's time (issue 27 turnaround) is the first document's arrival, imported or typed.
    .set({
      ...voided,
      version,
      documentType: format,
      firstTextAt: sql`coalesce(${jobs.firstTextAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, jobId));
}

/** The flag holds while the document names another patient; a file that does not lowers it (answers whether it did). */
async function settlePatientFlag(tx: Tx, jobId: number, patientCheck: PatientCheck) {
  if (patientCheck === 'confirmed') {
    await raiseDocumentPatientFlag(tx, jobId);
    return false;
  }
  return lowerDocumentPatientFlag(tx, jobId);
}

/** The import's audit row, and for a confirmed mismatch the confirmation's (with its reason). */
async function auditImport(
  ctx: AppContext,
  tx: Tx,
  subject: ImportSubject,
  done: {
    version: number;
    blob: StoredFile;
    patientCheck: PatientCheck;
    flagLowered: boolean;
    locked: LockedJob;
    compared: PatientComparison;
  },
) {
  const { actor, format } = subject;
  const { version, patientCheck, flagLowered } = done;
  await recordAudit(
    ctx,
    {
      action: 'document.import',
      outcome: 'success',
      ...actor,
      patientId: subject.job.patientId,
      detail: {
        version,
        format,
        size: done.blob.size,
        via: subject.via,
        patientCheck,
        ...(flagLowered ? { flagLowered } : {}),
      },
    },
    tx,
  );
  if (patientCheck !== 'confirmed') return;
  await recordAudit(
    ctx,
    {
      action: 'job.document.patientConfirmed',
      outcome: 'success',
      ...actor,
      patientId: done.locked.patientId,
      detail: {
        version,
        parts: done.compared.mismatch.differences.map((d) => d.part),
        reason: subject.reason,
      },
    },
    tx,
  );
}

/**
 * In one transaction: refuses a job closed or booked out by another account since the first look
 * (409) and a file about another patient the confirmation does not cover, appends the version
 * (job version + 1, source 'import'), moves the job to it and to its document type — a new text
 * of a signed job voids the signature (jobEditor/voidSignature.ts) — raises or lowers the
 * document-patient flag, and writes the audit rows.
 */
export async function storeImportedDocument(
  ctx: AppContext,
  subject: ImportSubject,
  blob: StoredFile,
): Promise<{ version: number; patientCheck: PatientCheck }> {
  const { jobId } = subject;
  return ctx.database.db.transaction(async (tx) => {
    const locked = await lockJob(tx, jobId);
    refuseClosedJob(jobId, locked.stageId);
    const compared = await recheckPatient(tx, locked, subject);
    const patientCheck: PatientCheck = compared.check === 'differs' ? 'confirmed' : compared.check;
    const holder = await refuseOtherHolder(tx, subject);
    const version = await nextVersion(tx, jobId, locked.version);
    const voided = await voidChangedSignature(ctx, tx, subject, { locked, holder, blob });
    await appendVersion(tx, subject, version, blob, voided);
    const flagLowered = await settlePatientFlag(tx, jobId, patientCheck);
    await auditImport(ctx, tx, subject, { version, blob, patientCheck, flagLowered, locked, compared });
    return { version, patientCheck };
  });
}
