import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sessions } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import { hashSessionToken, newSessionToken } from './sessionToken.js';

/**
 * Opens a session for a user who has just proved who they are, with a new id. Policy for a second
 * sign-in of the same user (docs/decisions.md): the newest wins; the user's older live sessions
 * end as "superseded", and that browser lands on /existingsession at its next call.
 */
export async function startSession(
  ctx: AppContext,
  userId: number,
  from: { ip: string | null; userAgent: string | null; method: string },
): Promise<string> {
  const token = newSessionToken();
  const now = new Date();
  const superseded = await ctx.database.db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ endedAt: now, endReason: 'superseded' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
      .returning({ idHash: sessions.idHash });
    await tx.insert(sessions).values({
      idHash: hashSessionToken(token),
      userId,
      createdAt: now,
      lastActiveAt: now,
      idleExpiresAt: new Date(now.getTime() + ctx.config.SESSION_IDLE_SECONDS * 1000),
      absoluteExpiresAt: new Date(now.getTime() + ctx.config.SESSION_ABSOLUTE_SECONDS * 1000),
      ip: from.ip,
      userAgent: from.userAgent?.slice(0, 400) ?? null,
    });
    return ended.length;
  });
  await recordAudit(ctx, {
    action: 'signin',
    outcome: 'success',
    userId,
    ip: from.ip,
    detail: { method: from.method, supersededSessions: superseded },
  });
  return token;
}
