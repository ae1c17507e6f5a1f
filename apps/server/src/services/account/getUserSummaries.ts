import type { UserSummary } from '@quill/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts, corporateStructures } from '../../db/schema/index.js';

/** The accounts the signed-in user may work as (spec 01 §3 "User summary"). */
export async function getUserSummaries(ctx: AppContext, userId: number): Promise<UserSummary[]> {
  return ctx.database.db
    .select({
      member: accounts.member,
      memberId: accounts.id,
      companyId: accounts.companyId,
      company: corporateStructures.name,
      memberType: accounts.memberType,
    })
    .from(accounts)
    .innerJoin(corporateStructures, eq(corporateStructures.id, accounts.companyId))
    .where(and(eq(accounts.userId, userId), isNull(accounts.disabledAt)))
    .orderBy(asc(accounts.id));
}
