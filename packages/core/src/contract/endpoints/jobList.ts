import type { Endpoint } from '../endpoint.js';

/** The job list, its counts, details, export, search and bulk actions (spec 01 §2–§6). */
export const JOB_LIST = {} as const satisfies Record<string, Endpoint>;
