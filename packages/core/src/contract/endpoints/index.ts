import type { Endpoint } from '../endpoint.js';
import { HEALTH } from './health.js';

/**
 * The endpoint table (ARCHITECTURE §2, §5): every API call of Quill, by area. The server registers
 * its routes from it (http/serve.ts), the web client calls through it (lib/api.ts callApi) and the
 * OpenAPI document is generated from the registered routes. No API path is written anywhere else.
 */
export const ENDPOINTS = {
  health: HEALTH,
} as const satisfies Record<string, Record<string, Endpoint>>;

/** Every endpoint of the table, for the checks that the server serves exactly these. */
export function allEndpoints(): Endpoint[] {
  return Object.values(ENDPOINTS).flatMap((area) => Object.values(area) as Endpoint[]);
}
