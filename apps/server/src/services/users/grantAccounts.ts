import { type AccountRequest, message, ungrantable } from '@quill/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountCorporateAccess, accountPermissions, accounts } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { checkPhysicianLink } from '../referenceData/physicians/physicianLink.js';
import { inScope } from '../tenantScope/inScope.js';
import { mayAccess } from '../tenantScope/mayAccess.js';
import { scopeIds } from '../tenantScope/scopeIds.js';

/** The manager's own account, as the grant rules read it. */
const grantorOf = (auth: Auth) => ({ permissions: auth.permissions, structures: scopeIds(auth.scope) });

/** 403 naming what the manager may not give. */
function refuse(what: ReturnType<typeof ungrantable>) {
  if (!what) return;
  if ('permission' in what)
    throw forbidden(message('users.cannotGrantPermission', { permission: what.permission }), 'cannot_grant');
  throw forbidden(
    message('otherCompany' in what ? 'users.cannotGrantOtherCompany' : 'users.cannotGrantStructure'),
    'cannot_grant',
  );
}

/**
 * Writes `wanted` as the user's accounts in the manager's structures (issue 26), in `tx`: an
 * account with a memberId is changed (it must be one of the user's accounts in those structures:
 * 404 otherwise), one without is added. Only what an account gains is checked against the
 * manager's own account (rules/auth/userAdmin.ts): a manager may take away a permission they lack, never
 * give one. A dictator account's physician link must name an enabled physician of its company
 * (physicianLink.ts, 400 otherwise). Answers the ids of the accounts written.
 */
export async function writeAccounts(
  tx: Db,
  auth: Auth,
  user: { id: number; displayName: string },
  wanted: readonly AccountRequest[],
): Promise<number[]> {
  const existing = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), inScope(auth.scope, accounts.companyId)));
  const written: number[] = [];
  for (const want of wanted) {
    const permissions = [...new Set(want.permissions)];
    const access = [...new Set([want.companyId, ...want.access])];
    if (want.memberId) {
      const had = existing.find((a) => a.id === want.memberId);
      if (!had) throw notFound(message('users.notFound'));
      const heldPerms = (
        await tx.select().from(accountPermissions).where(eq(accountPermissions.accountId, had.id))
      ).map((p) => p.permission);
      const heldAccess = (
        await tx.select().from(accountCorporateAccess).where(eq(accountCorporateAccess.accountId, had.id))
      ).map((c) => c.corporateStructureId);
      refuse(
        ungrantable(
          {
            companyId: want.companyId,
            permissions: permissions.filter((p) => !heldPerms.includes(p)),
            access: access.filter((c) => !heldAccess.includes(c)),
            otherCompanies: had.otherCompanies,
          },
          grantorOf(auth),
        ),
      );
      const physicianId = await checkPhysicianLink(
        tx,
        { memberType: want.memberType, companyId: want.companyId, currentPhysicianId: had.physicianId },
        want.physicianId,
      );
      // Access the manager cannot see stays as it was: it is not theirs to take away either.
      const keptAccess = heldAccess.filter((c) => !mayAccess(auth.scope, c));
      await tx
        .update(accounts)
        .set({
          companyId: want.companyId,
          memberType: want.memberType,
          ...(physicianId === undefined ? {} : { physicianId }),
        })
        .where(eq(accounts.id, had.id));
      await tx.delete(accountPermissions).where(eq(accountPermissions.accountId, had.id));
      await tx.delete(accountCorporateAccess).where(eq(accountCorporateAccess.accountId, had.id));
      await insertGrants(tx, had.id, permissions, [...new Set([...access, ...keptAccess])]);
      written.push(had.id);
    } else {
      refuse(ungrantable({ companyId: want.companyId, permissions, access }, grantorOf(auth)));
      const physicianId = await checkPhysicianLink(
        tx,
        { memberType: want.memberType, companyId: want.companyId, currentPhysicianId: null },
        want.physicianId,
      );
      const [made] = await tx
        .insert(accounts)
        .values({
          userId: user.id,
          member: user.displayName,
          companyId: want.companyId,
          memberType: want.memberType,
          physicianId: physicianId ?? null,
        })
        .returning({ id: accounts.id });
      await insertGrants(tx, made!.id, permissions, access);
      written.push(made!.id);
    }
  }
  return written;
}

async function insertGrants(tx: Db, accountId: number, permissions: string[], access: number[]) {
  if (permissions.length)
    await tx.insert(accountPermissions).values(permissions.map((permission) => ({ accountId, permission })));
  if (access.length)
    await tx
      .insert(accountCorporateAccess)
      .values(access.map((corporateStructureId) => ({ accountId, corporateStructureId })));
}
