import { message } from '@quill/core';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { documentVersions, jobs } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { currentDocumentId } from '../jobEditor/currentDocument.js';
import { requireJobs } from '../tenantScope/requireJobs.js';

type Job = typeof jobs.$inferSelect;

/** What a document call needs of every job's current document. */
export interface DocumentNeeds {
  /** The refusal of a job without one (default: 'Job {id} has no document.'). */
  notFoundMessage?: (job: Job) => string;
  /** A CDA (the stored XML is served): a Word document is 404 saying so. */
  cda?: boolean;
}

/** 404 unless every job has a current (non-draft) document version, as renderJobDocument reads it. */
export async function requireHaveDocuments(
  ctx: AppContext,
  found: readonly Job[],
  needs: DocumentNeeds = {},
): Promise<void> {
  if (!found.length) return;
  const rows = await ctx.database.db
    .select({ jobId: jobs.id, format: documentVersions.format })
    .from(jobs)
    .innerJoin(documentVersions, eq(documentVersions.id, currentDocumentId(jobs.id)))
    .where(
      inArray(
        jobs.id,
        found.map((j) => j.id),
      ),
    );
  const formats = new Map(rows.map((r) => [r.jobId, r.format]));
  const without = found.find((j) => !formats.has(j.id));
  if (without) {
    throw notFound(
      needs.notFoundMessage?.(without) ?? message('documents.noDocument', { jobId: without.id }),
    );
  }
  const word = needs.cda ? found.find((j) => formats.get(j.id) !== 'CDA') : undefined;
  if (word) throw notFound(message('documents.noCda', { jobId: word.id }));
}

/**
 * The jobs of a bulk document call, in the order named, each one the account may see and each with
 * a document (a CDA when `needs.cda`) — checked for every job before anything is rendered: another
 * tenant's job is 404 like a missing one, an audio-only job is 404 naming the job.
 */
export async function requireDocuments(
  ctx: AppContext,
  auth: Auth,
  jobIds: readonly number[],
  needs: DocumentNeeds = {},
): Promise<Job[]> {
  const found = await requireJobs(ctx, auth.scope, jobIds);
  await requireHaveDocuments(ctx, found, needs);
  return found;
}
