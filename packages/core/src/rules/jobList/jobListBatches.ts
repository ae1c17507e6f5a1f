import type { JobCounts } from '../../contract/jobList.js';
import { MAX_FACILITIES_PER_CALL } from '../../contract/jobList.js';

/**
 * Spec 01 §9: client facility ids are split into batches of the configured size per request
 * (jobListDataBatchSize for rows, jobListCountBatchSize for counts). A size below 1 counts as 1 and
 * one above what the server takes per call as that maximum.
 */
export function facilityBatches<T>(ids: readonly T[], size: number): T[][] {
  const step = Math.min(
    MAX_FACILITIES_PER_CALL,
    Math.max(1, Number.isFinite(size) ? Math.floor(size) : MAX_FACILITIES_PER_CALL),
  );
  const batches: T[][] = [];
  for (let i = 0; i < ids.length; i += step) batches.push(ids.slice(i, i + step));
  return batches;
}

/** Spec 01 §7: the counts of every batch, summed per queue. */
export function sumJobCounts(parts: readonly JobCounts[]): JobCounts {
  const total: JobCounts = { pending: 0, hq: 0, failed: 0, all: 0 };
  for (const p of parts) {
    total.pending += p.pending;
    total.hq += p.hq;
    total.failed += p.failed;
    total.all += p.all;
  }
  return total;
}
