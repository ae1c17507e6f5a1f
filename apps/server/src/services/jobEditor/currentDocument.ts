import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documentVersions, jobs } from '../../db/schema/index.js';

/**
 * The rule of a job's current document, said once: its newest version that is not a draft (the
 * highest version number; of two rows with one number, the later). An audio-only job has none.
 */
export const notDraft = eq(documentVersions.isDraft, false);
export const newestFirst = [desc(documentVersions.version), desc(documentVersions.id)];

/**
 * Drafts a transcription starts from (issue 27): the work type template's, made by Transcribe, and
 * the speech recognizer's. Only a job without a current document has one to work on.
 */
export const STARTING_DRAFT_SOURCES = ['template', 'asr'] as const;

/**
 * A job's working document — what the editor opens and a save edits: its current document, or,
 * while it has none, the newest draft its transcription starts from.
 */
export const workingDocument = or(
  notDraft,
  and(eq(documentVersions.isDraft, true), inArray(documentVersions.source, [...STARTING_DRAFT_SOURCES])),
);
export const workingFirst = [asc(documentVersions.isDraft), ...newestFirst];

/** The id of the working document of the job `jobId` names, as a subquery. */
export function workingDocumentId(jobId: SQL | typeof jobs.id | number): SQL {
  return sql`(select d.id from ${documentVersions} d where d.job_id = ${jobId}
    and (not d.is_draft or d.source in ${sql.raw(`('${STARTING_DRAFT_SOURCES.join("','")}')`)})
    order by d.is_draft, d.version desc, d.id desc limit 1)`;
}

/** The id of the current document of the job `jobId` names (a column or a value), as a subquery. */
export function currentDocumentId(jobId: SQL | typeof jobs.id | number): SQL {
  return sql`(select d.id from ${documentVersions} d where d.job_id = ${jobId} and not d.is_draft
    order by d.version desc, d.id desc limit 1)`;
}

/** The job's current document, or undefined for an audio-only job. */
export async function currentDocument(db: Db, jobId: number) {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.jobId, jobId), notDraft))
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}

/** The job and its working document in one statement; undefined for no job. */
export async function jobWithWorkingDocument(db: Db, jobId: number) {
  const [row] = await db
    .select({ job: jobs, doc: documentVersions })
    .from(jobs)
    .leftJoin(documentVersions, eq(documentVersions.id, workingDocumentId(jobs.id)))
    .where(eq(jobs.id, jobId));
  return row && { job: row.job, doc: row.doc ?? undefined };
}
