import { message, waitInWords } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { audited, forbidden, throttled } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { checkPassword } from '../auth/passwords.js';
import { claimAttempt, clearThrottle, type ThrottleKey } from '../auth/signInThrottle.js';

/** A signing attempt: the jobs it names and where it came from. */
export interface SigningAttempt {
  jobIds: number[];
  ip: string | null;
}

/** Audits a refused signature ('job.sign', failure: why, and the job ids — no text). */
export function auditFailedSignature(ctx: AppContext, auth: Auth, attempt: SigningAttempt, reason: string) {
  return recordAudit(ctx, {
    action: 'job.sign',
    outcome: 'failure',
    userId: auth.userId,
    accountId: auth.accountId,
    ip: attempt.ip,
    detail: { reason, jobIds: attempt.jobIds },
  });
}

/**
 * A signature asks for the user's password again (issue 43), as trusted systems do for a legal
 * signature. The attempts are counted by the sign-in throttle, on a counter of their own for the
 * user name ("signature:<name>": the same schedule of free failures, delays and lock, without
 * locking the user out of signing in); a right password starts the count over. A wrong password is
 * audited as a failed signature ('job.sign', failure: the job ids, no text) and answers 403 —
 * the session stays. A user without a password (signing in through OIDC only) is refused with
 * words saying so: they sign with a fresh OIDC authentication (signingReauthentication.ts).
 */
export async function checkSigningPassword(
  ctx: AppContext,
  auth: Auth,
  password: string,
  attempt: SigningAttempt,
): Promise<void> {
  const [user] = await ctx.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, auth.userId));
  const failed = (reason: string) => auditFailedSignature(ctx, auth, attempt, reason);
  if (!user?.passwordHash) {
    await failed('passwordless');
    throw audited(forbidden(message('signatureRules.passwordless')));
  }
  const key: ThrottleKey = { scope: 'user', subject: `signature:${auth.username.trim().toLowerCase()}` };
  const until = await claimAttempt(ctx, key);
  if (until !== null) {
    await failed('throttled');
    throw throttled(message('auth.throttled', { wait: waitInWords(until.getTime() - Date.now()) }));
  }
  if (!(await checkPassword(user.passwordHash, password))) {
    await failed('password');
    throw audited(forbidden(message('signatureRules.wrongPassword')));
  }
  await clearThrottle(ctx, key);
}
