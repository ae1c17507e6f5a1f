import { message } from '@quill/core';
import { and, eq, exists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts, users } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';
import { scopeIds } from '../tenantScope/scopeIds.js';

/**
 * The users a manager may see and manage (issue 26): those with an account in one of the
 * structures the manager's account may see. Anyone else is another company's: 404, never 403.
 */
export function managedBy(auth: Auth) {
  return exists(
    sql`(select 1 from ${accounts} a where a.user_id = ${users.id} and a.company_id = any(${sql.param([...scopeIds(auth.scope)])}::int[]))`,
  );
}

/** The user row of a user the manager may manage; 404 otherwise. */
export async function requireManagedUser(ctx: AppContext, auth: Auth, userId: number) {
  const [user] = await ctx.database.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), managedBy(auth)));
  if (!user) throw notFound(message('users.notFound'));
  return user;
}

/** The user's accounts in the manager's structures (the others are not the manager's to see). */
export function accountsInScope(ctx: AppContext, auth: Auth, userId: number) {
  return ctx.database.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), inScope(auth.scope, accounts.companyId)))
    .orderBy(accounts.id);
}
