import { JOB_LIST } from '@quill/core/contract/endpoints/jobList';
import type { JobSearchResult } from '@quill/core/contract/jobSearch';
import { callApi } from '../../lib/api';

/** What the form holds: the criteria as typed ('' = not used) and the structure ('' = all). */
export interface JobSearchCriteria {
  jobId: string;
  patient: string;
  mrn: string;
  dictator: string;
  from: string;
  to: string;
  cs: string;
}

export const EMPTY_CRITERIA: JobSearchCriteria = {
  jobId: '',
  patient: '',
  mrn: '',
  dictator: '',
  from: '',
  to: '',
  cs: '',
};

/** True when no criterion is filled in (the structure alone is not a search). */
export function isEmptyCriteria(c: JobSearchCriteria): boolean {
  return [c.jobId, c.patient, c.mrn, c.dictator, c.from, c.to].every((v) => v.trim() === '');
}

/** Job Search in Quill: one page (from 1) of the jobs matching the criteria. */
export function searchJobs(
  criteria: JobSearchCriteria,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<JobSearchResult> {
  const query: Record<string, string | number | undefined> = { page, pageSize };
  for (const [key, value] of Object.entries(criteria)) if (value.trim() !== '') query[key] = value.trim();
  return callApi(JOB_LIST.search, { query }, { timeoutMs: 60_000, signal });
}
