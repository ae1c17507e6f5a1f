import type { Endpoint } from '../endpoint.js';

/** Reference data (issue 26): TODO helper fills this area. */
export const ADT_SETUP = {} satisfies Record<string, Endpoint>;
