import { message } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { documentVersions, type jobs } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/resolveSession.js';
import { requireJobs } from '../jobAccess/requireJobs.js';

type Job = typeof jobs.$inferSelect;

/** 404 unless every job has a current (non-draft) document version, as renderJobDocument reads it. */
export async function requireHaveDocuments(
  ctx: AppContext,
  found: readonly Job[],
  notFoundMessage?: (job: Job) => string,
): Promise<void> {
  if (!found.length) return;
  const rows = await ctx.database.db
    .selectDistinct({ jobId: documentVersions.jobId })
    .from(documentVersions)
    .where(
      and(
        inArray(
          documentVersions.jobId,
          found.map((j) => j.id),
        ),
        eq(documentVersions.isDraft, false),
      ),
    );
  const have = new Set(rows.map((r) => r.jobId));
  const without = found.find((j) => !have.has(j.id));
  if (without) {
    throw notFound(notFoundMessage?.(without) ?? message('documents.noDocument', { jobId: without.id }));
  }
}

/**
 * The jobs of a bulk document call, in the order named, each one the account may see and each with
 * a document — checked for every job before anything is rendered: another tenant's job is 404
 * like a missing one, an audio-only job is 404 naming the job.
 */
export async function requireDocuments(
  ctx: AppContext,
  auth: Auth,
  jobIds: readonly number[],
): Promise<Job[]> {
  const found = await requireJobs(ctx, auth, jobIds);
  await requireHaveDocuments(ctx, found);
  return found;
}
