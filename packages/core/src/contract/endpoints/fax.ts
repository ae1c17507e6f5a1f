import type { Endpoint } from '../endpoint.js';

/** Faxing jobs (spec 01 §6 Fax). */
export const FAX = {} as const satisfies Record<string, Endpoint>;
