import { type SQL, sql } from 'drizzle-orm';

/**
 * A signature covers the job's current text (issue 43) when it was made at or after the job's
 * newest addendum version: the original's signatures stay live beside an addendum (the original is
 * kept, and they signed it), but they neither sign the addendum nor are voided by its changes.
 * `jobId` and `jobVersion` are the signature's columns (drizzle's or a raw alias's).
 */
export function coversCurrentText(jobId: SQL | unknown, jobVersion: SQL | unknown): SQL {
  return sql`${jobVersion} >= coalesce((select max(d.version) from document_versions d
    where d.job_id = ${jobId} and d.addendum_of_version is not null and not d.is_draft), 0)`;
}
