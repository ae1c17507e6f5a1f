import { type CdaEditModel, message } from '@quill/core';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors/domainErrors.js';
import { auditJob } from '../audit/auditJob.js';
import type { Auth } from '../auth/resolveSession.js';
import { readEditModel } from './applyDocumentEdits.js';
import { loadJobDocuments } from './loadJobWith.js';

/**
 * GET /api/job/getcda: the editing model of the job's current CDA document and the job version it
 * belongs to; 404 'No document avilable' for a job without CDA text. Audited as a document read.
 */
export async function getJobCda(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  ip: string | null,
): Promise<{ version: number; model: CdaEditModel }> {
  const { current: doc, ...job } = await loadJobDocuments(ctx, auth, jobId);
  if (doc?.format !== 'CDA') throw notFound(message('job.noDocument'));
  const model = await readEditModel(ctx, (await ctx.blobs.get(doc.blobKey)).toString('utf8'));
  await auditJob(ctx, auth, job, 'job.text.read', ip, { documentVersion: doc.version });
  return { version: job.version, model };
}
