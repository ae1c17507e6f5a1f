import { LIMITS } from '../../settings/constants.js';

/** Spec 01 §5: view, save and copy act on at most LIMITS.maxBulkJobs unique jobs. */
export function tooManyForBulk(jobIds: readonly number[]): boolean {
  return new Set(jobIds).size > LIMITS.maxBulkJobs;
}
