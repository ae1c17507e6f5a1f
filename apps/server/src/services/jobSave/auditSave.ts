import { auditJob } from '../audit/auditJob.js';
import type { StoredDocument } from './newDocument.js';
import { type Job, type SaveRequest, type SaveStep, saveSource } from './saveRequest.js';

/** A save's audit row: its action by mode, and what it stored (the version, the stage, no text). */
export function saveAuditEntry(
  req: Pick<SaveRequest, 'mode' | 'docx'>,
  saved: { version: number; stageId: number; blob: StoredDocument | null },
) {
  const { mode } = req;
  const { version, stageId, blob } = saved;
  const action = mode === 'text' ? 'job.text.save' : mode === 'data' ? 'job.data.save' : 'job.save';
  const details = {
    version,
    mode,
    stageId,
    document: blob ? 'new' : 'unchanged',
    ...(blob ? { format: blob.format, via: saveSource(req) } : {}),
  };
  return { action, details } as const;
}

/** The last step of a save's transaction: its audit row ({@link saveAuditEntry}). */
export async function auditSave(
  { ctx, tx, auth, req, ip }: SaveStep,
  locked: Job,
  saved: Parameters<typeof saveAuditEntry>[1],
): Promise<void> {
  const { action, details } = saveAuditEntry(req, saved);
  await auditJob(ctx, auth, locked, action, ip, details, tx);
}
