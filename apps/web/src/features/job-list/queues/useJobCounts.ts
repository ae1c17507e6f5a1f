import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import { fetchJobCounts } from '../data/jobListApi';
import { jobListKeys } from '../data/jobListQueryKeys';

/**
 * Spec 01 §7: the four queue counts, fetched per batch of jobListCountBatchSize client facilities,
 * summed, and refreshed every jobCountUpdateIntervalSeconds. A failure shows the toast once and
 * the tickers offer Retry.
 */
export function useJobCounts(
  cs: string,
  facilities: readonly number[] | undefined,
  settings: { jobListCountBatchSize: number; jobCountUpdateIntervalSeconds: number },
) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: jobListKeys.counts(cs, facilities),
    queryFn: ({ signal }) =>
      fetchJobCounts({
        csId: cs,
        facilities: facilities ?? [],
        batchSize: settings.jobListCountBatchSize,
        signal,
      }),
    enabled: facilities !== undefined,
    staleTime: 0,
    refetchInterval: Math.max(30, settings.jobCountUpdateIntervalSeconds) * 1000,
    refetchIntervalInBackground: true,
  });
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError)
      showToast(t('jobList.tickers.countsFailed'), {
        kind: 'error',
        id: `job-counts-failed-${errorUpdatedAt}`,
      });
  }, [isError, errorUpdatedAt, t]);
  return query;
}
