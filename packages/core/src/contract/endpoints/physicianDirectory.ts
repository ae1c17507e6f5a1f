import type { Endpoint } from '../endpoint.js';

/** Reference data (issue 26): TODO helper fills this area. */
export const PHYSICIAN_DIRECTORY = {} satisfies Record<string, Endpoint>;
