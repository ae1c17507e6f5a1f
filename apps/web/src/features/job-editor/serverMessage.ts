import { ApiRequestError } from '../../lib/api';

/** The server's own message of a refused call (4xx), shown as it is; undefined for anything else. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500
    ? error.message
    : undefined;
}
