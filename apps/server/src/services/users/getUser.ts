import { isPermission, type Permission, type UserDetails } from '@quill/core';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accountCorporateAccess, accountPermissions } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { linkedPhysicianNames } from '../referenceData/physicians/physicianLink.js';
import { accountsInScope, requireManagedUser } from './managedUsers.js';

/**
 * GET /api/users/{userId}: the user and their accounts in the manager's structures (issue 26), each
 * with the physician it is linked to.
 */
export async function getUser(ctx: AppContext, auth: Auth, userId: number): Promise<UserDetails> {
  const user = await requireManagedUser(ctx, auth, userId);
  const own = await accountsInScope(ctx, auth, userId);
  const ids = own.map((a) => a.id);
  const perms = ids.length
    ? await ctx.database.db
        .select()
        .from(accountPermissions)
        .where(inArray(accountPermissions.accountId, ids))
    : [];
  const access = ids.length
    ? await ctx.database.db
        .select()
        .from(accountCorporateAccess)
        .where(inArray(accountCorporateAccess.accountId, ids))
    : [];
  const physicianNames = await linkedPhysicianNames(
    ctx.database.db,
    own.map((a) => a.physicianId),
  );
  return {
    userId: user.id,
    userName: user.username,
    name: user.displayName,
    email: user.email,
    disabled: user.disabledAt !== null,
    hasPassword: user.passwordHash !== null,
    accounts: own.map((a) => ({
      memberId: a.id,
      companyId: a.companyId,
      memberType: a.memberType,
      permissions: perms
        .filter((p) => p.accountId === a.id)
        .map((p) => p.permission)
        .filter(isPermission)
        .sort() as Permission[],
      access: access
        .filter((c) => c.accountId === a.id)
        .map((c) => c.corporateStructureId)
        .sort((x, y) => x - y),
      physicianId: a.physicianId,
      physicianName: a.physicianId === null ? null : (physicianNames.get(a.physicianId) ?? null),
    })),
  };
}
