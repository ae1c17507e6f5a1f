import { type HealthCheckResponse, HealthCheckResponseSchema } from '@quill/core/contract/health';
import { API } from '@quill/core/contract/routes';
import { LIMITS } from '@quill/core/rules/constants';
import { api } from '../../lib/api';

/** Spec 02 §7: GET /api/healthcheck/results with a 60000 ms timeout, validated against the contract. */
export function fetchHealthCheck(signal?: AbortSignal): Promise<HealthCheckResponse> {
  return api.get(API.healthResults, {
    schema: HealthCheckResponseSchema,
    timeoutMs: LIMITS.healthCheckTimeoutMs,
    signal,
  });
}
