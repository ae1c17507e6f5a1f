import { PROFILE_SESSION_DAYS, PROFILE_SESSION_ROWS, type Profile, type ProfileSession } from '@quill/core';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sessions, users } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';

const ENDED_STATES = new Set<ProfileSession['state']>([
  'signout',
  'expired',
  'superseded',
  'disabled',
  'passwordChanged',
]);

/** How a session stands for its user: this one, open, or how it ended. */
function stateOf(s: typeof sessions.$inferSelect, auth: Auth, now: Date): ProfileSession['state'] {
  if (s.idHash === auth.sessionHash) return 'current';
  if (s.endedAt === null) return s.idleExpiresAt > now && s.absoluteExpiresAt > now ? 'open' : 'expired';
  const reason = s.endReason as ProfileSession['state'] | null;
  return reason && ENDED_STATES.has(reason) ? reason : 'ended';
}

/** GET /api/profile: the signed-in user's own details and their sessions of the last days (issue 26). */
export async function getMyProfile(ctx: AppContext, auth: Auth): Promise<Profile> {
  const now = new Date();
  const since = new Date(now.getTime() - PROFILE_SESSION_DAYS * 86_400_000);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, auth.userId));
  const rows = await ctx.database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, auth.userId), gt(sessions.lastActiveAt, since)))
    .orderBy(desc(sessions.createdAt))
    .limit(PROFILE_SESSION_ROWS);
  return {
    userName: user!.username,
    name: user!.displayName,
    email: user!.email,
    hasPassword: user!.passwordHash !== null,
    sessions: rows.map((s) => ({
      started: s.createdAt.toISOString(),
      lastActive: s.lastActiveAt.toISOString(),
      ip: s.ip,
      browser: s.userAgent,
      state: stateOf(s, auth, now),
    })),
  };
}
