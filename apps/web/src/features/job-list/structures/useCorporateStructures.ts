import { useQuery } from '@tanstack/react-query';
import { fetchCorporateStructures } from '../data/jobListApi';
import { jobListKeys } from '../data/jobListQueryKeys';

/** The account's corporate structures (JOB_LIST.corporateStructures); they change rarely. */
export function useCorporateStructures() {
  return useQuery({
    queryKey: jobListKeys.corporateStructures(),
    queryFn: ({ signal }) => fetchCorporateStructures(signal),
    staleTime: 5 * 60_000,
  });
}
