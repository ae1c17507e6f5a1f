import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';

/** Ends every open session of the user but this one, for `reason`; answers how many. */
export async function endOtherSessions(
  db: Db,
  auth: Auth,
  reason: 'signout' | 'passwordChanged',
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: reason })
    .where(
      and(eq(sessions.userId, auth.userId), ne(sessions.idHash, auth.sessionHash), isNull(sessions.endedAt)),
    )
    .returning({ idHash: sessions.idHash });
  return ended.length;
}

/**
 * POST /api/profile/sessions/endOthers: signs the user out everywhere but here. Each ended
 * session's next call answers 401 on every server (the session cache hears of it).
 */
export async function endMyOtherSessions(
  ctx: AppContext,
  auth: Auth,
  ip: string | null,
): Promise<{ ended: number }> {
  const ended = await endOtherSessions(ctx.database.db, auth, 'signout');
  await recordAudit(ctx, {
    action: 'profile.endOtherSessions',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
    detail: { endedSessions: ended },
  });
  return { ended };
}
