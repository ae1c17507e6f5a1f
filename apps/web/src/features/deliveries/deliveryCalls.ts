import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { showToast } from '../../app/toasts';
import { ApiRequestError } from '../../lib/api';
import { deliveryKeys, retryDeliveries } from './deliveryApi';

/** A refused call's own words (4xx but 401), else the given catalogue text. */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 401
    ? error.message
    : fallback;
}

/**
 * Retry of the failed deliveries of these jobs (issue 43): toasts what happened and reads the
 * deliveries again. True when they were queued again.
 */
export async function runRetry(
  jobIds: readonly number[],
  t: TFunction,
  client: QueryClient,
): Promise<boolean> {
  try {
    await retryDeliveries(jobIds);
    showToast(t('deliveries.retried', { count: jobIds.length }), { kind: 'success' });
    return true;
  } catch (error) {
    showToast(refusalText(error, t('deliveries.retryFailed')), { kind: 'error' });
    return false;
  } finally {
    void client.invalidateQueries({ queryKey: deliveryKeys.all });
  }
}
