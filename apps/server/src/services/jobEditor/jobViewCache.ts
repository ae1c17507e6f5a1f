import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import type { Auth } from '../auth/resolveSession.js';
import { loadJobStamp } from './loadJobWith.js';
import { StampedCache } from './stampedCache.js';

/** The answers kept: the job view with or without the patient's name, and the job data. */
export type JobAnswerKind = 'view' | 'viewWithPatient' | 'data';

/** What an answer's audit row names, and the stamp read with it. */
export interface StampedJob {
  id: number;
  corporateStructureId: number;
  patientId: number | null;
  stamp: string;
}

/** The longest an answer is kept (far below the 2³² transactions after which a row version repeats). */
const KEPT_MS = 5 * 60_000;

const caches = new WeakMap<Database, Map<JobAnswerKind, StampedCache<number, unknown>>>();

function cacheOf<T>(ctx: AppContext, kind: JobAnswerKind): StampedCache<number, T> {
  let kinds = caches.get(ctx.database);
  if (!kinds) {
    kinds = new Map();
    caches.set(ctx.database, kinds);
  }
  let cache = kinds.get(kind);
  if (!cache) {
    cache = new StampedCache(ctx.config.JOB_VIEW_CACHE_ENTRIES, KEPT_MS);
    kinds.set(kind, cache);
  }
  return cache as StampedCache<number, T>;
}

/**
 * An answer about a job the account may see (404 otherwise, as requireJob answers), from memory
 * while the job's stamp is the one read with the data it was built from, built by `build`
 * otherwise (issue 24). A job kept in memory costs one statement (the stamp); a job not kept costs
 * the one statement that reads it, stamp included. The stamp's statement checks the account's
 * structures on every call, so a kept answer is never given to an account that may not see the
 * job. `job` is what the call's audit row names (on a hit the job row is unchanged).
 */
export async function stampedJobAnswer<T>(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  kind: JobAnswerKind,
  build: () => Promise<{ job: StampedJob; answer: T }>,
): Promise<{ job: StampedJob; answer: T }> {
  const cache = cacheOf<T>(ctx, kind);
  if (cache.has(jobId)) {
    const stamped = await loadJobStamp(ctx, auth, jobId);
    const kept = cache.get(jobId, stamped.stamp);
    if (kept !== undefined) return { job: stamped, answer: kept };
  }
  const built = await build();
  cache.put(jobId, built.job.stamp, built.answer);
  return built;
}
