import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { auditJob, auditJobRead } from '../audit/auditJob.js';
import type { Auth } from '../auth/auth.js';
import { refuseJob } from './loadJobWith.js';
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

/** The audit row a read writes: its action and the caller's address. */
export interface ReadAudit {
  action: string;
  ip: string | null;
}

/**
 * An answer about a job the account may see (404 otherwise, as requireJob answers), from memory
 * while the job's stamp is the one read with the data it was built from, built by `build`
 * otherwise (issue 24), audited as a successful read of `audit.action` either way.
 * A job not kept costs the one statement that reads it, stamp included, and a share of a grouped
 * audit insert. A job kept costs only its share of the grouped audit statement, which also reads
 * the stamp under the account's structures (auditJobRead): a kept answer is never given to an
 * account that may not see the job, and nothing is written for such an account but the refusal.
 */
export async function stampedJobAnswer<T>(
  ctx: AppContext,
  auth: Auth,
  jobId: number,
  kind: JobAnswerKind,
  audit: ReadAudit,
  build: () => Promise<{ job: StampedJob; answer: T }>,
): Promise<T> {
  const cache = cacheOf<T>(ctx, kind);
  if (!cache.has(jobId)) {
    const built = await build();
    cache.put(jobId, built.job.stamp, built.answer);
    await auditJob(ctx, auth, built.job, audit.action, audit.ip);
    return built.answer;
  }
  const read = await auditJobRead(ctx, auth, jobId, audit.action, audit.ip);
  if (!read) return refuseJob(ctx, jobId);
  const kept = cache.get(jobId, read.stamp);
  if (kept !== undefined) return kept;
  const built = await build();
  cache.put(jobId, built.job.stamp, built.answer);
  // The read is audited already; if the job moved to another structure or patient between the two
  // statements, the answer's own job is audited too, so the trail names what was shown.
  const { corporateStructureId, patientId } = built.job;
  if (corporateStructureId !== read.corporateStructureId || patientId !== read.patientId)
    await auditJob(ctx, auth, built.job, audit.action, audit.ip);
  return built.answer;
}
