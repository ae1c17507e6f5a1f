import { message } from '@quill/core';
import { and, count, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { signInAttempts, users } from '../../db/schema/index.js';
import { throttled, unauthenticated } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import { checkPassword } from './passwords.js';
import { startSession } from './startSession.js';

/** ARCHITECTURE/issue: 10 failed attempts per user name or address within 10 minutes. */
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;

/** The answers of a refused sign-in: the same for a known and an unknown user. */
export const SIGN_IN_MESSAGES = {
  wrong: message('auth.wrongPassword'),
  throttled: message('auth.throttled'),
} as const;

async function recentFailures(ctx: AppContext, username: string, ip: string | null): Promise<number> {
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MS);
  const recent = and(eq(signInAttempts.succeeded, false), gt(signInAttempts.at, since));
  const [byUser] = await ctx.database.db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(recent, eq(signInAttempts.username, username)));
  let byIp = 0;
  if (ip) {
    const [row] = await ctx.database.db
      .select({ n: count() })
      .from(signInAttempts)
      .where(and(recent, eq(signInAttempts.ip, ip)));
    byIp = row?.n ?? 0;
  }
  return Math.max(byUser?.n ?? 0, byIp);
}

/**
 * POST /api/account/login: checks the password (argon2id) and opens a session. The answer never
 * tells whether the user exists: a wrong password, an unknown or disabled user all read the same,
 * and so does the throttle.
 */
export async function signInWithPassword(
  ctx: AppContext,
  input: { username: string; password: string; ip: string | null; userAgent: string | null },
): Promise<string> {
  const username = input.username.trim().toLowerCase();
  if ((await recentFailures(ctx, username, input.ip)) >= SIGN_IN_MAX_FAILURES) {
    await recordAudit(ctx, {
      action: 'signin',
      outcome: 'throttled',
      ip: input.ip,
      detail: { method: 'password' },
    });
    throw throttled(SIGN_IN_MESSAGES.throttled);
  }
  const [user] = await ctx.database.db.select().from(users).where(eq(users.username, username)).limit(1);
  const ok =
    (await checkPassword(user?.passwordHash, input.password)) && user !== undefined && !user.disabledAt;
  await ctx.database.db.insert(signInAttempts).values({ username, ip: input.ip, succeeded: ok });
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
  return startSession(ctx, user.id, { ip: input.ip, userAgent: input.userAgent, method: 'password' });
}
