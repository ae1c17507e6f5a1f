import { STAGES } from '@quill/core';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { jobs } from '../../db/schema/index.js';
import type { StoredDocument } from './newDocument.js';
import type { Job, JobColumns, SaveStep } from './saveRequest.js';

/** A save's version: one over the job's and over its newest document version (an import's too). */
export function nextVersion(jobVersion: number, newestDocumentVersion: number | null): number {
  return Math.max(jobVersion, newestDocumentVersion ?? 0) + 1;
}

/** What the job's row gets from a save besides its own columns. */
export interface JobRowInput {
  locked: Pick<Job, 'stageId'>;
  /** The job's columns the steps before set (job data, force re-sign). */
  columns: JobColumns;
  version: number;
  stageId: number;
  blob: StoredDocument | null;
  accountId: number | null;
}

/**
 * The job's row as a save leaves it: the steps' columns, the version, the stage; a new document
 * marks it edited in Quill with its type and (turnaround, issue 27) the first text stored and who
 * stored it; moved into manual distribution, it is on the manual list again.
 */
export function jobRowAfterSave({
  locked,
  columns,
  version,
  stageId,
  blob,
  accountId,
}: JobRowInput): PgUpdateSetSource<typeof jobs> {
  return {
    ...columns,
    version,
    stageId,
    ...(blob
      ? {
          edited: true,
          editedVia: 'Quill',
          documentType: blob.format,
          firstTextAt: sql`coalesce(${jobs.firstTextAt}, now())`,
          transcribedByAccountId: sql`coalesce(${jobs.transcribedByAccountId}, ${accountId}::int)`,
        }
      : {}),
    ...(stageId === STAGES.manualDistribution.id && stageId !== locked.stageId
      ? { onManualList: true, clearedAt: null }
      : {}),
    updatedAt: sql`now()`,
  };
}

/** Step 7 of a save's transaction: the job's row written once, with the new version ({@link jobRowAfterSave}). */
export async function writeJobRow(
  { tx, req, auth }: Pick<SaveStep, 'tx' | 'req' | 'auth'>,
  input: Omit<JobRowInput, 'accountId'>,
): Promise<void> {
  await tx
    .update(jobs)
    .set(jobRowAfterSave({ ...input, accountId: auth.accountId }))
    .where(eq(jobs.id, req.jobId));
}
