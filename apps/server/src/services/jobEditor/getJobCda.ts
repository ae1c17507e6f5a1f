import { type CdaEditModel, message, withPatientShownTo } from '@quill/core';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { readEditModel } from './applyDocumentEdits.js';
import { cdaTextOf } from './documentText.js';
import { loadJobDocuments } from './loadJobWith.js';

/**
 * GET /api/job/getcda: the editing model of the job's working CDA document (its current one, or a
 * transcription's starting draft, named by `draft`) and the job version it belongs to; 404 'No document avilable' for a job without CDA text. The header's patient name, MRN and birth time only for a
 * caller who may see them (issue 41). Audited as a document read.
 */
export async function getJobCda(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<{ version: number; model: CdaEditModel; draft: string | null }> {
  const { current, ...job } = await loadJobDocuments(ctx, auth, jobId);
  const text = await cdaTextOf(ctx, current);
  if (!text) throw notFound(message('job.noDocument'));
  const read = await readEditModel(ctx, text.xml);
  // The header's patient with the name rule (issue 41): withheld from a caller who may not see it.
  const header = withPatientShownTo(auth.permissions, read.header, ['patientName', 'mrn', 'birthTime']);
  const model = { ...read, header };
  await auditJob(ctx, auth, job, 'job.text.read', ip, { documentVersion: text.doc.version });
  return { version: job.version, model, draft: text.doc.isDraft ? text.doc.source : null };
}
