import { useQuery } from '@tanstack/react-query';
import { fetchJobDetails } from '../data/jobListApi';
import { jobListKeys } from '../data/jobListQueryKeys';

/** An expanded row's details (JOB_LIST.details), fetched while its panel is open. */
export function useJobDetails(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: jobListKeys.details(jobId),
    queryFn: ({ signal }) => fetchJobDetails(jobId, signal),
    enabled,
  });
}
