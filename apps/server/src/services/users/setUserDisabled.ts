import { message, type UserDetails } from '@quill/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { invalid } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { getUser } from './getUser.js';
import { requireManagedUser } from './managedUsers.js';

/**
 * Disables a user and ends every session of theirs at once, in one transaction: their next call
 * answers 401 on every server (the session cache hears it). Shared by the Users page and
 * `npm run users -- disable`. Answers how many sessions ended.
 */
export async function disableUserNow(db: Db, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(users).set({ disabledAt: now }).where(eq(users.id, userId));
    const ended = await tx
      .update(sessions)
      .set({ endedAt: now, endReason: 'disabled' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
      .returning({ idHash: sessions.idHash });
    return ended.length;
  });
}

/** POST /api/users/{userId}/disable and /enable (dictatorAdd; issue 26). A manager cannot disable themself. */
export async function setUserDisabled(
  ctx: AppContext,
  auth: Auth,
  userId: number,
  disabled: boolean,
  ip: string | null,
): Promise<UserDetails> {
  const user = await requireManagedUser(ctx, auth, userId);
  if (disabled && user.id === auth.userId) throw invalid(message('users.ownAccount'));
  let endedSessions = 0;
  if (disabled) endedSessions = await disableUserNow(ctx.database.db, user.id);
  else await ctx.database.db.update(users).set({ disabledAt: null }).where(eq(users.id, user.id));
  await recordAudit(ctx, {
    action: disabled ? 'user.disable' : 'user.enable',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
    detail: { targetUserId: user.id, endedSessions },
  });
  return getUser(ctx, auth, user.id);
}
