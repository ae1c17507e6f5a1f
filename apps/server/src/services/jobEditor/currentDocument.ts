import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documentVersions, jobs } from '../../db/schema/index.js';

/** The job's current document: its newest non-draft version, or undefined for an audio-only job. */
export async function currentDocument(db: Db, jobId: number) {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.jobId, jobId), eq(documentVersions.isDraft, false)))
    .orderBy(desc(documentVersions.version), desc(documentVersions.id))
    .limit(1);
  return row;
}

/** The job and its current document (currentDocument) in one statement; undefined for no job. */
export async function jobWithCurrentDocument(db: Db, jobId: number) {
  const [row] = await db
    .select({ job: jobs, doc: documentVersions })
    .from(jobs)
    .leftJoin(
      documentVersions,
      eq(
        documentVersions.id,
        sql`(select d.id from ${documentVersions} d where d.job_id = ${jobs.id} and not d.is_draft
          order by d.version desc, d.id desc limit 1)`,
      ),
    )
    .where(eq(jobs.id, jobId));
  return row && { job: row.job, doc: row.doc ?? undefined };
}
