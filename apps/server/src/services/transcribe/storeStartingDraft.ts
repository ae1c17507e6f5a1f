import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { documentVersions, jobs } from '../../db/schema/index.js';
import { rowsOf } from '../audit/auditHash.js';
import { workingDocumentId } from '../jobEditor/currentDocument.js';
import { buildStartingDocument } from './startingDocument.js';

export type StartingDraftSource = 'template' | 'asr';

/** What the job's transcription starts from after the call: the draft stored now, or the one it had. */
export type StartingDraft =
  | { stored: true; source: StartingDraftSource }
  | { stored: false; source: string; isDraft: boolean };

/**
 * Stores the draft a transcription of the job starts from (issue 27) — the work type template's,
 * or the speech recognizer's with its text — as a draft document version of the job's current
 * version, unless the job has a working document by the time its row is locked (then that one is
 * named and nothing is stored). The blob is written first; a blob without a row is harmless.
 */
export async function storeStartingDraft(
  ctx: AppContext,
  jobId: number,
  source: StartingDraftSource,
  recognized: string | null,
  accountId: number | null,
): Promise<StartingDraft> {
  const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job) throw new Error(`job ${jobId} not found`);
  const { xml } = await buildStartingDocument(ctx.database.db, job, recognized);
  const blob = await ctx.blobs.putContent(Buffer.from(xml, 'utf8'), {
    prefix: 'documents',
    extension: 'xml',
  });
  return ctx.database.db.transaction(async (tx) => {
    const [locked] = rowsOf<{
      version: number;
      working_source: string | null;
      working_draft: boolean | null;
    }>(
      await tx.execute(sql`select j.version, w.source as working_source, w.is_draft as working_draft
        from jobs j left join document_versions w on w.id = ${workingDocumentId(sql`j.id`)}
        where j.id = ${jobId} for update of j`),
    );
    if (!locked) throw new Error(`job ${jobId} not found`);
    if (locked.working_source !== null)
      return { stored: false, source: locked.working_source, isDraft: locked.working_draft === true };
    await tx.insert(documentVersions).values({
      jobId,
      version: locked.version,
      format: 'CDA',
      blobKey: blob.key,
      size: blob.size,
      isDraft: true,
      source,
      createdByAccountId: accountId,
    });
    return { stored: true, source };
  });
}
