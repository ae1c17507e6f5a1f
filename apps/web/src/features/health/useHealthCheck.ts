import type { HealthCheckResponse } from '@quill/core/contract/health';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toasts';
import { fetchHealthCheck } from './healthApi';

export const HEALTH_CHECK_QUERY_KEY = ['healthcheck', 'results'] as const;

/** True when every required check passed (optional tools may be missing). */
export function requiredChecksPassed(answer: HealthCheckResponse): boolean {
  return answer.results.every((r) => r.result || !r.required);
}

/**
 * The health check results. A failed request shows the spec 02 §8 toast once per failure; the
 * page offers Retry (no automatic retries: a person is watching).
 */
export function useHealthCheck() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: HEALTH_CHECK_QUERY_KEY,
    queryFn: ({ signal }) => fetchHealthCheck(signal),
    staleTime: 0,
    retry: false,
  });
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError)
      showToast(t('health.failedToast'), { kind: 'error', id: `healthcheck-failed-${errorUpdatedAt}` });
  }, [isError, errorUpdatedAt, t]);
  return query;
}
