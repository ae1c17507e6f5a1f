import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sessions } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from './auth.js';

/** Sign Out: ends the session at once; the cookie no longer signs anybody in. */
export async function endSession(ctx: AppContext, auth: Auth, ip: string | null): Promise<void> {
  await ctx.database.db
    .update(sessions)
    .set({ endedAt: new Date(), endReason: 'signout' })
    .where(and(eq(sessions.idHash, auth.sessionHash), isNull(sessions.endedAt)));
  await recordAudit(ctx, {
    action: 'signout',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
  });
}
