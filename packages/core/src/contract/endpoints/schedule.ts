import type { Endpoint } from '../endpoint.js';

/** Schedule and ADT uploads (spec 02 §5). */
export const SCHEDULE = {} as const satisfies Record<string, Endpoint>;
