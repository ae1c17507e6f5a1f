import { message } from '@quill/core';
import { type DomainError, unavailable } from '../errors/domainErrors.js';
import { DatabaseNotAnswering } from './databaseWatch.js';

/** Socket errors of a database that is down, restarting or unreachable. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going or gone: class 08 (connection exception), 57P01–57P03
 * (admin or crash shutdown, cannot connect now: starting up), 53300 (too many connections).
 */
function isConnectionSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** node-postgres and pg-pool say these without a code. */
const MESSAGES = [
  /^Connection terminated/i,
  /^timeout exceeded when trying to connect/i,
  /not queryable/i,
  /^Query read timeout/i,
  /^Client was closed and is not queryable/i,
];

function lostConnection(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  if (err instanceof DatabaseNotAnswering) return true;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || isConnectionSqlState(e.code))) return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => lostConnection(x, depth + 1))) return true;
  return lostConnection(e.cause, depth + 1);
}

/** The catalogue's answer when the database cannot be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE = message('api.databaseUnavailable');

/**
 * Issue 23: a lost or refused database connection is no fault of the caller nor a bug; it answers
 * 503 with a message a person can act on. Null when `err` is not such an error (Drizzle wraps the
 * driver's error as the cause of its own, and a connection attempt may fail with several at once).
 */
export function databaseUnavailable(err: unknown): DomainError | null {
  return lostConnection(err) ? unavailable(DATABASE_UNAVAILABLE_MESSAGE, 'database_unavailable') : null;
}
