import { ApiRequestError } from '../../lib/api';

/**
 * The 401 codes of a lost session (spec 01 §4, ARCHITECTURE §5). The app's global handler acts on
 * each (sign-in, /existingsession, the expired modal), so pages wait instead of showing an error.
 */
export const SESSION_LOST_CODES = [
  'unauthenticated',
  'session_expired',
  'session_superseded',
  'user_disabled',
];

/** True for a 401 answer the global session handler takes care of. */
export function isSessionLost(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401 && SESSION_LOST_CODES.includes(error.code);
}
