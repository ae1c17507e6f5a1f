import type { Endpoint } from '../endpoint.js';

/** The job editor's calls (spec 02 §3–§7). */
export const JOB_EDITOR = {} as const satisfies Record<string, Endpoint>;
