import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { jobs } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import { storeStartingDraft } from './storeStartingDraft.js';

/**
 * Stores a speech recognizer's text for the job (issue 27) as its starting draft: the work type's
 * template with the text in the sections it names, marked as recognized (never as final text).
 * 'skipped' for empty text or a job that already has a document or a draft to work on. Audited
 * as the system's act (ids only; the words are never logged).
 */
export async function saveRecognitionDraft(
  ctx: AppContext,
  jobId: number,
  text: string,
): Promise<'stored' | 'skipped'> {
  if (!text.trim()) return 'skipped';
  const draft = await storeStartingDraft(ctx, jobId, 'asr', text, null);
  if (!draft.stored) return 'skipped';
  const [job] = await ctx.database.db
    .select({ corporateStructureId: jobs.corporateStructureId, patientId: jobs.patientId })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  await recordAudit(ctx, {
    action: 'job.draft.recognized',
    outcome: 'success',
    corporateStructureId: job?.corporateStructureId ?? null,
    jobId,
    patientId: job?.patientId ?? null,
    detail: { source: 'asr' },
  });
  return 'stored';
}
