import { message, waitInWords } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { throttled, unauthenticated } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import { checkPassword } from './passwords.js';
import {
  claimAttempt,
  clearThrottle,
  forgetStaleCounters,
  forgiveAttempt,
  type ThrottleKey,
} from './signInThrottle.js';
import { startSession } from './startSession.js';

/** The answers of a refused sign-in: the same for a known and an unknown user. */
export const SIGN_IN_MESSAGES = {
  wrong: message('auth.wrongPassword'),
  throttled: (waitMs: number) => message('auth.throttled', { wait: waitInWords(waitMs) }),
} as const;

/**
 * Claims the attempt on the user name's counter, then on the address's (issue 23); a refusal is
 * audited and answered with the wait. The user name comes first: retrying a locked user name costs
 * its address nothing, so one person's lock never spills over to the others behind the same NAT.
 */
async function claimOrRefuse(ctx: AppContext, keys: ThrottleKey[], ip: string | null): Promise<void> {
  for (const key of keys) {
    const until = await claimAttempt(ctx, key);
    if (until === null) continue;
    await recordAudit(ctx, {
      action: 'signin',
      outcome: 'throttled',
      ip,
      detail: { method: 'password', throttledBy: key.scope },
    });
    throw throttled(SIGN_IN_MESSAGES.throttled(until.getTime() - Date.now()));
  }
}

/**
 * POST /api/account/login: checks the password (argon2id) and opens a session. The answer never
 * tells whether the user exists: a wrong password, an unknown or disabled user all read the same,
 * and so does the throttle, which counts per user name as typed and per address.
 */
export async function signInWithPassword(
  ctx: AppContext,
  input: { username: string; password: string; ip: string | null; userAgent: string | null },
): Promise<string> {
  const username = input.username.trim().toLowerCase();
  const userKey: ThrottleKey = { scope: 'user', subject: username };
  const addressKey: ThrottleKey | null = input.ip ? { scope: 'address', subject: input.ip } : null;
  await claimOrRefuse(ctx, addressKey ? [userKey, addressKey] : [userKey], input.ip);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.username, username)).limit(1);
  const ok =
    (await checkPassword(user?.passwordHash, input.password)) && user !== undefined && !user.disabledAt;
  if (!ok || !user) {
    await recordAudit(ctx, {
      action: 'signin',
      outcome: 'failure',
      userId: user?.id ?? null,
      ip: input.ip,
      detail: { method: 'password' },
    });
    throw unauthenticated(SIGN_IN_MESSAGES.wrong, 'invalid_credentials');
  }
  await clearThrottle(ctx, userKey);
  if (addressKey) await forgiveAttempt(ctx, addressKey);
  await forgetStaleCounters(ctx);
  return startSession(ctx, user.id, { ip: input.ip, userAgent: input.userAgent, method: 'password' });
}
