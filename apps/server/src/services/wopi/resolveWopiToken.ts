import { message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { wopiTokens } from '../../db/schema/index.js';
import { unauthenticated } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { resolveSessionByHash } from '../auth/resolveSession.js';
import { hashSessionToken } from '../auth/sessionToken.js';

/** Who makes a WOPI call: the account and session the token was issued to, and the token itself. */
export interface WopiCaller {
  auth: Auth;
  token: typeof wopiTokens.$inferSelect;
}

const invalidToken = () => unauthenticated(message('wopi.tokenInvalid'), 'wopi_token_invalid');

/**
 * The caller of a WOPI call by its `access_token`: the session's account, read fresh. 401 (WOPI
 * "Token is invalid") for a missing, malformed, unknown or expired token, and for one whose session
 * has ended (sign-out, expiry, a newer sign-in, a disabled user), now works as another account or
 * may no longer view jobs.
 */
export async function resolveWopiToken(
  ctx: AppContext,
  token: string | undefined,
  now = new Date(),
): Promise<WopiCaller> {
  if (!token) throw unauthenticated(message('wopi.tokenMissing'), 'wopi_token_missing');
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalidToken();
  const [row] = await ctx.database.db
    .select()
    .from(wopiTokens)
    .where(eq(wopiTokens.idHash, hashSessionToken(token)));
  if (!row || row.expiresAt <= now) throw invalidToken();
  const session = await resolveSessionByHash(ctx, row.sessionIdHash, now);
  const auth = session.auth;
  if (!auth || auth.accountId !== row.accountId || !auth.permissions.has('jobView')) throw invalidToken();
  return { auth, token: row };
}
