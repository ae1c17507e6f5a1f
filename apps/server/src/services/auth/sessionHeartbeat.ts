import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sessions } from '../../db/schema/index.js';
import type { Auth } from './auth.js';

function secondsLeft(auth: Pick<Auth, 'idleExpiresAt' | 'absoluteExpiresAt'>, now: Date): number {
  const until = Math.min(auth.idleExpiresAt.getTime(), auth.absoluteExpiresAt.getTime());
  return Math.max(0, Math.floor((until - now.getTime()) / 1000));
}

/** GET /api/heartbeat/Idle: the seconds left before the session expires, without resetting them. */
export function idleHeartbeat(auth: Auth, now = new Date()): number {
  return secondsLeft(auth, now);
}

/** GET /api/heartbeat/Active: the user is active; resets the idle clock and answers the seconds left. */
export async function activeHeartbeat(ctx: AppContext, auth: Auth, now = new Date()): Promise<number> {
  const idleExpiresAt = new Date(now.getTime() + ctx.config.SESSION_IDLE_SECONDS * 1000);
  await ctx.database.db
    .update(sessions)
    .set({ lastActiveAt: now, idleExpiresAt })
    .where(eq(sessions.idHash, auth.sessionHash));
  return secondsLeft({ idleExpiresAt, absoluteExpiresAt: auth.absoluteExpiresAt }, now);
}
