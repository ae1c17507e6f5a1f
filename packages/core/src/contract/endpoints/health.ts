import { endpoint } from '../endpoint.js';
import { HealthCheckResponseSchema } from '../health.js';

/** Spec 02 §2: the health check page's one call; no sign-in needed. */
export const HEALTH = {
  results: endpoint({
    method: 'GET',
    path: '/api/healthcheck/results',
    tags: ['health'],
    summary: 'Runs the health checks',
    answer: HealthCheckResponseSchema,
  }),
  /** The OpenAPI document of every call in this table (ARCHITECTURE §5). */
  openApi: endpoint({ method: 'GET', path: '/api/docs/openapi.json', tags: ['docs'], hidden: true }),
};
