import {
  DOCUMENT_PATIENT_FLAG_CODE,
  type DocumentPatient,
  type HoldQueueCheckRow,
  type HoldQueueFlag,
  identityDifferences,
  type JobPatientIdentity,
  jobPatientFromAdt,
  message,
} from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/client.js';
import { jobFlags, type jobs } from '../../../db/schema/index.js';
import { jobAdtValues } from '../../adt/jobAdtValues.js';
import { currentDocument } from '../currentDocument.js';
import { readDocumentPatient } from './holdQueueFacts.js';

/*
 * Issue 40, "whose document is this": a document imported with a confirmation although it names
 * another patient leaves the job with the hold-queue flag DOCUMENT_PATIENT_FLAG_CODE. The flag is
 * the record: it holds until the job's document and the job's patient agree again — the job's
 * patient is changed to match (a save, an accepted ADT search), or a document that names the job's
 * patient (or no patient) is imported — or the job leaves the hold queue by a release a person
 * confirmed with a reason (issue 39's identity confirmation: the flag is an identity rule's row).
 */

/** The flag as the job's hold-queue flags show it. */
export function documentPatientFlag(): HoldQueueFlag {
  return { code: DOCUMENT_PATIENT_FLAG_CODE, description: message('documentPatient.flag') };
}

/** The job's patient as its ADT data holds it in `db` (its own values over the linked patient's). */
export async function jobPatientOf(
  db: Db,
  job: Pick<typeof jobs.$inferSelect, 'adt' | 'patientId'>,
): Promise<JobPatientIdentity> {
  return jobPatientFromAdt(await jobAdtValues(db, job));
}

/** Whether the job carries the flag. */
export async function hasDocumentPatientFlag(db: Db, jobId: number): Promise<boolean> {
  const [row] = await db
    .select({ code: jobFlags.code })
    .from(jobFlags)
    .where(and(eq(jobFlags.jobId, jobId), eq(jobFlags.code, DOCUMENT_PATIENT_FLAG_CODE)));
  return row !== undefined;
}

/** Raises the flag (inside the caller's transaction); raising it again changes nothing. */
export async function raiseDocumentPatientFlag(db: Db, jobId: number): Promise<void> {
  await db
    .insert(jobFlags)
    .values({ jobId, ...documentPatientFlag() })
    .onConflictDoNothing();
}

/** Lowers the flag; answers whether the job carried it. */
export async function lowerDocumentPatientFlag(db: Db, jobId: number): Promise<boolean> {
  const gone = await db
    .delete(jobFlags)
    .where(and(eq(jobFlags.jobId, jobId), eq(jobFlags.code, DOCUMENT_PATIENT_FLAG_CODE)))
    .returning({ code: jobFlags.code });
  return gone.length > 0;
}

/** Whether the job's current document (as `db` sees it) names another patient than the job's. */
async function documentPatientDiffers(
  ctx: AppContext,
  db: Db,
  job: typeof jobs.$inferSelect,
): Promise<boolean> {
  const patient: DocumentPatient | null = await readDocumentPatient(ctx, await currentDocument(db, job.id));
  return identityDifferences(patient, await jobPatientOf(db, job)).length > 0;
}

/**
 * The flag as a check row of the hold-queue rules (a patient-identity row: a release past it asks
 * for a confirmation), for a job that carries it; null for one that does not. Triggered while the
 * document (as `db` sees it) and the job's patient still differ.
 */
export async function documentPatientRow(
  ctx: AppContext,
  db: Db,
  job: typeof jobs.$inferSelect,
): Promise<HoldQueueCheckRow | null> {
  if (!(await hasDocumentPatientFlag(db, job.id))) return null;
  return {
    ruleCode: DOCUMENT_PATIENT_FLAG_CODE,
    ruleDescription: message('documentPatient.flag'),
    isTriggered: await documentPatientDiffers(ctx, db, job),
    isIdentity: true,
  };
}

/**
 * After a change that leaves the job's flags as they were (a save that writes no flags, an ADT
 * accept outside the hold queue): lowers the flag once the document and the job's patient agree.
 */
export async function settleDocumentPatientFlag(
  ctx: AppContext,
  db: Db,
  job: typeof jobs.$inferSelect,
): Promise<void> {
  if (!(await hasDocumentPatientFlag(db, job.id))) return;
  if (!(await documentPatientDiffers(ctx, db, job))) await lowerDocumentPatientFlag(db, job.id);
}
