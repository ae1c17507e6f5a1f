import type { Endpoint } from '../endpoint.js';

/** Dictation audio and Create with Audio (spec 01 §7). */
export const AUDIO = {} as const satisfies Record<string, Endpoint>;
