import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import {
  accountCorporateAccess,
  accountPermissions,
  accounts,
  sessions,
  users,
} from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import { TenantScope } from '../tenantScope/tenantScope.js';
import type { Auth } from './auth.js';
import { hashSessionToken } from './sessionToken.js';
import { accessCounts } from './structureAccess.js';

/** Why a presented session cookie does not sign the caller in. */
export type SessionProblem = 'expired' | 'superseded' | 'ended' | 'disabled' | 'unknown';

export type ResolvedSession = { auth: Auth; problem: null } | { auth: null; problem: SessionProblem };

/**
 * Looks up the session of a cookie. An idle or over-age session is ended here (audited as expired)
 * and every call with it answers 401.
 */
export async function resolveSession(
  ctx: AppContext,
  token: string,
  now = new Date(),
): Promise<ResolvedSession> {
  return resolveSessionByHash(ctx, hashSessionToken(token), now);
}

/**
 * {@link resolveSession} by the stored hash of the session id: for what is bound to a session
 * without carrying its cookie (the attachments service's credentials). A session the process
 * cached (services/auth/sessionCache.ts) needs no statement; its expiry is still checked at every
 * call, and an expired one is read again so that it is ended and audited as below.
 */
export async function resolveSessionByHash(
  ctx: AppContext,
  idHash: string,
  now = new Date(),
): Promise<ResolvedSession> {
  const cached = ctx.sessionCache.get(idHash);
  if (cached && cached.idleExpiresAt > now && cached.absoluteExpiresAt > now) {
    return { auth: cached, problem: null };
  }
  const ticket = ctx.sessionCache.ticket();
  const resolved = await readSession(ctx, idHash, now);
  if (resolved.auth) ctx.sessionCache.put(ticket, resolved.auth);
  return resolved;
}

async function readSession(ctx: AppContext, idHash: string, now: Date): Promise<ResolvedSession> {
  // One statement for the session, its user, its account and the account's permissions and
  // corporate structures, not four: every /api call runs it, and each round trip to the database
  // adds to every call (docs/decisions.md, "Fewer statements per call").
  const [row] = await ctx.database.db
    .select({
      session: sessions,
      username: users.username,
      userDisabledAt: users.disabledAt,
      dateFormat: users.dateFormat,
      timeFormat: users.timeFormat,
      locale: users.locale,
      accountFound: accounts.id,
      memberType: accounts.memberType,
      companyId: accounts.companyId,
      accountDisabledAt: accounts.disabledAt,
      permissions: sql<string>`(select coalesce(json_agg(${accountPermissions.permission}), '[]')::text
        from ${accountPermissions} where ${accountPermissions.accountId} = ${sessions.accountId})`,
      structures: sql<string>`(select coalesce(json_agg(${accountCorporateAccess.corporateStructureId}), '[]')::text
        from ${accountCorporateAccess} where ${accountCorporateAccess.accountId} = ${sessions.accountId}
        and ${accessCounts()})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  if (!row) return { auth: null, problem: 'unknown' };
  const s = row.session;
  if (s.endedAt) {
    const problem =
      s.endReason === 'superseded'
        ? 'superseded'
        : s.endReason === 'disabled'
          ? 'disabled'
          : s.endReason === 'expired'
            ? 'expired'
            : 'ended';
    return { auth: null, problem };
  }
  if (row.userDisabledAt) return { auth: null, problem: 'disabled' };
  if (s.idleExpiresAt <= now || s.absoluteExpiresAt <= now) {
    await ctx.database.db
      .update(sessions)
      .set({ endedAt: now, endReason: 'expired' })
      .where(eq(sessions.idHash, idHash));
    await recordAudit(ctx, {
      action: 'session.expire',
      outcome: 'expired',
      userId: s.userId,
      accountId: s.accountId,
      detail: { reason: s.absoluteExpiresAt <= now ? 'absolute' : 'idle' },
    });
    return { auth: null, problem: 'expired' };
  }
  const usable = s.accountId !== null && row.accountFound !== null && row.accountDisabledAt === null;
  const permissions = new Set<string>(usable ? (JSON.parse(row.permissions) as string[]) : []);
  const structures: number[] = usable ? (JSON.parse(row.structures) as number[]) : [];
  return {
    problem: null,
    auth: {
      sessionHash: idHash,
      userId: s.userId,
      username: row.username,
      accountId: usable ? s.accountId : null,
      memberType: usable ? row.memberType : null,
      companyId: usable ? row.companyId : null,
      permissions,
      scope: TenantScope.of(structures),
      display: { dateFormat: row.dateFormat, timeFormat: row.timeFormat, locale: row.locale },
      idleExpiresAt: s.idleExpiresAt,
      absoluteExpiresAt: s.absoluteExpiresAt,
    },
  };
}
