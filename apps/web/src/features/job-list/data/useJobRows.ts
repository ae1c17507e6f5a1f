import type { QueueName } from '@quill/core/rules/settings/constants';
import { useQuery } from '@tanstack/react-query';
import { fetchJobRows } from './jobListApi';
import { jobListKeys } from './jobListQueryKeys';
import { markJobList } from './jobListTiming';

/**
 * Spec 01 §7: a queue's rows, fetched per batch of jobListDataBatchSize client facilities and
 * concatenated. react-query aborts the requests when the queue or structure changes (the query
 * loses its last observer); a list is dropped as soon as nobody shows it (100,000 rows are large),
 * and it is fetched again only on Reload or when it is opened again.
 */
export function useJobRows(
  cs: string,
  queue: QueueName,
  facilities: readonly number[] | undefined,
  batchSize: number,
) {
  return useQuery({
    queryKey: jobListKeys.rows(cs, queue, facilities),
    queryFn: async ({ signal }) => {
      markJobList('rows-requested');
      const rows = await fetchJobRows({ csId: cs, queue, facilities: facilities ?? [], batchSize, signal });
      markJobList('rows-loaded');
      return rows;
    },
    enabled: facilities !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    // A reload answers new rows: comparing 100,000 of them with the old ones to keep equal ones
    // would cost more than the list's whole sort budget.
    structuralSharing: false,
  });
}
