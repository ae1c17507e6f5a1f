import {
  ACCOUNT_MEMBER_TYPES,
  isPermission,
  message,
  normalUserName,
  PERMISSIONS,
  passwordProblemText,
} from '@quill/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import {
  accountCorporateAccess,
  accountPermissions,
  accounts,
  corporateStructures,
  users,
} from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import { hashPassword } from '../auth/passwords.js';
import { newPasswordProblem } from '../profile/passwordPolicy.js';
import { disableUserNow } from './setUserDisabled.js';

type Ctx = Pick<AppContext, 'database'>;

/** A mistake in a user-administration command, with what to do instead. */
export class UserAdminError extends Error {}

async function userByName(ctx: Ctx, username: string) {
  const [user] = await ctx.database.db
    .select()
    .from(users)
    .where(eq(users.username, username.trim().toLowerCase()));
  if (!user) throw new UserAdminError(`There is no user called ${username}.`);
  return user;
}

async function requireStructure(ctx: Ctx, id: number) {
  const [cs] = await ctx.database.db.select().from(corporateStructures).where(eq(corporateStructures.id, id));
  if (!cs) throw new UserAdminError(`There is no corporate structure ${id}. See \`npm run users -- list\`.`);
  return cs;
}

/** Adds a user with a password (argon2id); answers the new user id. */
export async function addUser(ctx: Ctx, input: { username: string; displayName: string; password: string }) {
  const username = normalUserName(input.username);
  if (!username) throw new UserAdminError(message('users.userNameInvalid'));
  const problem = newPasswordProblem(input.password, username);
  if (problem) throw new UserAdminError(passwordProblemText(problem));
  const [existing] = await ctx.database.db.select().from(users).where(eq(users.username, username));
  if (existing) throw new UserAdminError(`The user name ${username} is taken.`);
  const [user] = await ctx.database.db
    .insert(users)
    .values({ username, displayName: input.displayName, passwordHash: await hashPassword(input.password) })
    .returning({ id: users.id });
  await recordAudit(ctx, { action: 'user.add', outcome: 'success', userId: user!.id });
  return user!.id;
}

/** Adds an account (member type 1–3) in a company for a user, with access to that company. */
export async function addAccount(
  ctx: Ctx,
  input: { username: string; companyId: number; memberType: number; member?: string },
) {
  const user = await userByName(ctx, input.username);
  await requireStructure(ctx, input.companyId);
  if (!(ACCOUNT_MEMBER_TYPES as readonly number[]).includes(input.memberType)) {
    throw new UserAdminError(message('users.memberTypeInvalid'));
  }
  const [account] = await ctx.database.db
    .insert(accounts)
    .values({
      userId: user.id,
      member: input.member ?? user.displayName,
      companyId: input.companyId,
      memberType: input.memberType,
    })
    .returning({ id: accounts.id });
  await ctx.database.db
    .insert(accountCorporateAccess)
    .values({ accountId: account!.id, corporateStructureId: input.companyId });
  await recordAudit(ctx, {
    action: 'account.add',
    outcome: 'success',
    userId: user.id,
    accountId: account!.id,
  });
  return account!.id;
}

function checkPermissions(names: string[]): string[] {
  const unknown = names.filter((p) => !isPermission(p));
  if (unknown.length) {
    throw new UserAdminError(`Unknown permission: ${unknown.join(', ')}. Known: ${PERMISSIONS.join(', ')}.`);
  }
  return names;
}

async function requireAccountRow(ctx: Ctx, accountId: number) {
  const [account] = await ctx.database.db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new UserAdminError(`There is no account ${accountId}. See \`npm run users -- list\`.`);
  return account;
}

/**
 * Grants permissions and/or corporate-structure access to an account, and with `otherCompanies`
 * sets it to serve other companies: the deliberate setting without which access to another
 * company's structure counts for nothing, so it is refused here (docs/decisions.md, "Whose
 * structures an account sees").
 */
export async function grant(
  ctx: Ctx,
  accountId: number,
  input: { permissions?: string[]; access?: number[]; otherCompanies?: boolean },
) {
  const account = await requireAccountRow(ctx, accountId);
  const perms = checkPermissions(input.permissions ?? []);
  for (const cs of input.access ?? []) await requireStructure(ctx, cs);
  const other = (input.access ?? []).find((cs) => cs !== account.companyId);
  if (other !== undefined && !account.otherCompanies && !input.otherCompanies) {
    throw new UserAdminError(
      `Corporate structure ${other} is another company's: account ${accountId} belongs to ${account.companyId}. ` +
        'Add --other-companies to set the account to serve other companies.',
    );
  }
  if (input.otherCompanies) await setOtherCompanies(ctx, accountId, true);
  if (perms.length) {
    await ctx.database.db
      .insert(accountPermissions)
      .values(perms.map((permission) => ({ accountId, permission })))
      .onConflictDoNothing();
  }
  if (input.access?.length) {
    await ctx.database.db
      .insert(accountCorporateAccess)
      .values(input.access.map((corporateStructureId) => ({ accountId, corporateStructureId })))
      .onConflictDoNothing();
  }
  await recordAudit(ctx, {
    action: 'account.grant',
    outcome: 'success',
    userId: account.userId,
    accountId,
    detail: input,
  });
}

async function setOtherCompanies(ctx: Ctx, accountId: number, on: boolean) {
  await ctx.database.db.update(accounts).set({ otherCompanies: on }).where(eq(accounts.id, accountId));
}

/**
 * Takes permissions and/or corporate-structure access away from an account; with
 * `otherCompanies` it no longer serves other companies (its access to them stops counting).
 */
export async function revoke(
  ctx: Ctx,
  accountId: number,
  input: { permissions?: string[]; access?: number[]; otherCompanies?: boolean },
) {
  const account = await requireAccountRow(ctx, accountId);
  const perms = checkPermissions(input.permissions ?? []);
  if (input.otherCompanies) await setOtherCompanies(ctx, accountId, false);
  if (perms.length) {
    await ctx.database.db
      .delete(accountPermissions)
      .where(and(eq(accountPermissions.accountId, accountId), inArray(accountPermissions.permission, perms)));
  }
  if (input.access?.length) {
    await ctx.database.db
      .delete(accountCorporateAccess)
      .where(
        and(
          eq(accountCorporateAccess.accountId, accountId),
          inArray(accountCorporateAccess.corporateStructureId, input.access),
        ),
      );
  }
  await recordAudit(ctx, {
    action: 'account.revoke',
    outcome: 'success',
    userId: account.userId,
    accountId,
    detail: input,
  });
}

/** Disables a user and ends every live session of theirs at once. */
export async function disableUser(ctx: Ctx, username: string): Promise<number> {
  const user = await userByName(ctx, username);
  const ended = await disableUserNow(ctx.database.db, user.id);
  await recordAudit(ctx, {
    action: 'user.disable',
    outcome: 'success',
    userId: user.id,
    detail: { endedSessions: ended },
  });
  return ended;
}

/** Every user with their accounts, permissions and corporate-structure access. */
export async function listUsers(ctx: Ctx) {
  const all = await ctx.database.db.select().from(users).orderBy(asc(users.username));
  const accs = await ctx.database.db.select().from(accounts).orderBy(asc(accounts.id));
  const perms = await ctx.database.db.select().from(accountPermissions);
  const access = await ctx.database.db.select().from(accountCorporateAccess);
  return all.map((u) => ({
    username: u.username,
    displayName: u.displayName,
    disabled: u.disabledAt !== null,
    accounts: accs
      .filter((a) => a.userId === u.id)
      .map((a) => ({
        memberId: a.id,
        member: a.member,
        companyId: a.companyId,
        memberType: a.memberType,
        otherCompanies: a.otherCompanies,
        permissions: perms
          .filter((p) => p.accountId === a.id)
          .map((p) => p.permission)
          .sort(),
        corporateStructures: access
          .filter((x) => x.accountId === a.id)
          .map((x) => x.corporateStructureId)
          .sort(),
      })),
  }));
}
