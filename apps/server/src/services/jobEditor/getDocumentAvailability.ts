import type { DocumentAvailability } from '@quill/core';
import type { AppContext } from '../../context.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { loadJobDocuments } from './loadJobWith.js';

/**
 * GET /api/job/GetDocumentAvailability (spec 02 §3 "Job availability"): the current document's
 * format and which audio renditions exist. Every document here is the job's own (no fallback).
 * A job whose document is Word answers the user-choice format (documentType null) with hasWord:
 * spec 02 §4 shows "Word format" as text type none, and the user-choice format with only a Word
 * document as the DOCX text type — the word-processor frame, which is what Quill's Word jobs are.
 */
export async function getDocumentAvailability(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<DocumentAvailability> {
  const { current: doc, codecs, ...job } = await loadJobDocuments(ctx, auth, jobId);
  await auditJob(ctx, auth, job, 'job.availability.read', ip);
  const format = doc?.format === 'CDA' || doc?.format === 'DOCX' ? doc.format : null;
  return {
    documentType: format === 'CDA' ? 'CDA' : null,
    isFallbackDocument: false,
    hasCDA: format === 'CDA',
    hasWord: format === 'DOCX',
    hasWav: codecs.has('wav'),
    hasOpus: codecs.has('opus'),
  };
}
