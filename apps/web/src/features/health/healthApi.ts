import { HEALTH } from '@quill/core/contract/endpoints/health';
import type { HealthCheckResponse } from '@quill/core/contract/health';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { callApi } from '../../lib/api';

/** Spec 02 §7: the health check with a 60000 ms timeout, validated against the contract. */
export function fetchHealthCheck(signal?: AbortSignal): Promise<HealthCheckResponse> {
  return callApi(HEALTH.results, {}, { timeoutMs: LIMITS.healthCheckTimeoutMs, signal });
}
