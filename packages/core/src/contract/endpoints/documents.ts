import type { Endpoint } from '../endpoint.js';

/** Document files and document intake (spec 01 §7). */
export const DOCUMENTS = {} as const satisfies Record<string, Endpoint>;
