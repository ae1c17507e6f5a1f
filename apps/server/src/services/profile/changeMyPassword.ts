import { type ChangePasswordRequest, message, passwordProblemText, waitInWords } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { invalid, throttled } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { checkPassword, hashPassword } from '../auth/passwords.js';
import { claimAttempt, clearThrottle, type ThrottleKey } from '../auth/signInThrottle.js';
import { endOtherSessions } from './endMyOtherSessions.js';
import { newPasswordProblem } from './passwordPolicy.js';

/**
 * POST /api/profile/password: the current password proves who is asking (a wrong one counts on
 * the user name's sign-in throttle, so this is no way round it); the new one must pass the NIST
 * rules (rules/auth/password.ts) and differ from the current. The new hash and the end of the user's
 * other sessions commit together; audited either way, never with either password.
 */
export async function changeMyPassword(
  ctx: AppContext,
  auth: Auth,
  input: ChangePasswordRequest,
  ip: string | null,
): Promise<{ ended: number }> {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, auth.userId));
  if (!user?.passwordHash) throw invalid(message('profile.noPassword'), 'no_password');
  const audit = (outcome: 'success' | 'failure' | 'throttled', detail: Record<string, unknown> = {}) =>
    recordAudit(ctx, {
      action: 'profile.password',
      outcome,
      userId: auth.userId,
      accountId: auth.accountId,
      ip,
      detail,
    });

  const key: ThrottleKey = { scope: 'user', subject: user.username };
  const until = await claimAttempt(ctx, key);
  if (until !== null) {
    await audit('throttled');
    throw throttled(message('auth.throttled', { wait: waitInWords(until.getTime() - Date.now()) }));
  }
  if (!(await checkPassword(user.passwordHash, input.currentPassword))) {
    await audit('failure', { reason: 'currentPasswordWrong' });
    throw invalid(message('profile.currentPasswordWrong'), 'current_password_wrong');
  }
  await clearThrottle(ctx, key);
  const problem = newPasswordProblem(input.newPassword, user.username);
  if (problem) {
    await audit('failure', { reason: problem });
    throw invalid(passwordProblemText(problem), 'password_rejected');
  }
  if (input.newPassword === input.currentPassword) {
    await audit('failure', { reason: 'sameAsCurrent' });
    throw invalid(message('profile.sameAsCurrent'), 'password_rejected');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, auth.userId));
    return endOtherSessions(tx, auth, 'passwordChanged');
  });
  await audit('success', { endedSessions: ended });
  return { ended };
}
