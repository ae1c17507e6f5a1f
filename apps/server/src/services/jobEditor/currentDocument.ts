import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documentVersions } from '../../db/schema/index.js';

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
