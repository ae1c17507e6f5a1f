import { useQuery } from '@tanstack/react-query';
import { fetchClientFacilities } from '../data/jobListApi';
import { jobListKeys } from '../data/jobListQueryKeys';

/** The client facility ids of a corporate structure (JOB_LIST.clientFacilities). */
export function useClientFacilities(cs: string) {
  return useQuery({
    queryKey: jobListKeys.facilities(cs),
    queryFn: ({ signal }) => fetchClientFacilities(cs, signal),
    staleTime: 5 * 60_000,
  });
}
