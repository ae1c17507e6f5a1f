import { createHash, randomBytes } from 'node:crypto';

/** A new random 256-bit session id, as sent in the cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the id itself. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
