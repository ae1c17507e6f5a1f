import type { UserSearchQuery, UserSearchResult } from '@quill/core';
import { and, asc, eq, exists, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts, corporateStructures, users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';
import { managedBy } from './managedUsers.js';

/** `%` and `_` typed by the user are matched as themselves. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /api/users (dictatorView): users of the manager's structures by name or user name (part of
 * either), member type, company and enabled or not; a page at a time, by user name. Each row lists
 * the user's accounts in the manager's structures. Audited with the filters' names, not their text.
 */
export async function searchUsers(
  ctx: AppContext,
  auth: Auth,
  q: UserSearchQuery,
  ip: string | null,
): Promise<UserSearchResult> {
  const accountWhere: SQL[] = [eq(accounts.userId, users.id), inScope(auth.scope, accounts.companyId)];
  if (q.memberType) accountWhere.push(eq(accounts.memberType, q.memberType));
  if (q.companyId) accountWhere.push(eq(accounts.companyId, q.companyId));
  const where: (SQL | undefined)[] = [
    managedBy(auth),
    q.memberType || q.companyId
      ? exists(
          ctx.database.db
            .select({ one: sql`1` })
            .from(accounts)
            .where(and(...accountWhere)),
        )
      : undefined,
    q.q ? or(ilike(users.displayName, likeText(q.q)), ilike(users.username, likeText(q.q))) : undefined,
    q.disabled === 'true'
      ? isNotNull(users.disabledAt)
      : q.disabled === 'false'
        ? isNull(users.disabledAt)
        : undefined,
  ];
  const [count] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(...where));
  const rows = await ctx.database.db
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(asc(users.username))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const ids = rows.map((u) => u.id);
  const accs = ids.length
    ? await ctx.database.db
        .select({
          userId: accounts.userId,
          memberId: accounts.id,
          companyId: accounts.companyId,
          company: corporateStructures.name,
          memberType: accounts.memberType,
        })
        .from(accounts)
        .innerJoin(corporateStructures, eq(corporateStructures.id, accounts.companyId))
        .where(and(inArray(accounts.userId, ids), inScope(auth.scope, accounts.companyId)))
        .orderBy(asc(accounts.id))
    : [];
  await recordAudit(ctx, {
    action: 'users.search',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
    detail: {
      filters: Object.keys(q).filter(
        (k) => k !== 'page' && k !== 'pageSize' && q[k as keyof typeof q] !== undefined,
      ),
      total: count!.n,
    },
  });
  return {
    rows: rows.map((u) => ({
      userId: u.id,
      userName: u.username,
      name: u.displayName,
      email: u.email,
      disabled: u.disabledAt !== null,
      accounts: accs
        .filter((a) => a.userId === u.id)
        .map(({ memberId, companyId, company, memberType }) => ({
          memberId,
          companyId,
          company,
          memberType,
        })),
    })),
    total: count!.n,
    page: q.page,
    pageSize: q.pageSize,
  };
}
