import type { JobAdt } from '@quill/core/contract/adt/adt';
import { ADT } from '@quill/core/contract/endpoints/adt';
import { JOB_EDITOR } from '@quill/core/contract/endpoints/jobEditor';
import type { JobDataRequest } from '@quill/core/contract/jobSave';
import { useQuery } from '@tanstack/react-query';
import { callJobApi } from '../jobApi';

/** react-query keys of the job's ADT. */
export const adtKeys = {
  job: (jobId: number) => ['job', jobId, 'adt'] as const,
};

/** getadtdata: the job's ADT, orders, order template and summary, and the facility's searches. */
export const fetchJobAdt = (jobId: number, signal?: AbortSignal) =>
  callJobApi(ADT.jobAdt, { query: { jobId } }, signal);

/** RefreshJobData: the job data and ADT as they would be after a change of the details (nothing stored). */
export const refreshJobData = (body: JobDataRequest) => callJobApi(JOB_EDITOR.refreshJobData, { body });

/**
 * The job's ADT as stored (spec 02 §7 getadtdata), asked for only when the account may see patient
 * data (`enabled`, adtViewGate). It is kept while the job view is open: the panels edit a copy.
 */
export function useJobAdt(jobId: number, enabled: boolean) {
  return useQuery<JobAdt>({
    queryKey: adtKeys.job(jobId),
    queryFn: ({ signal }) => fetchJobAdt(jobId, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
