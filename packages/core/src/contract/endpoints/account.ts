import type { Endpoint } from '../endpoint.js';

/** Sign-in, the session, user settings, heartbeat and help link (spec 01 §4, §8). */
export const ACCOUNT = {} as const satisfies Record<string, Endpoint>;
