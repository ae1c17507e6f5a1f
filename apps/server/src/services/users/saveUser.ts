import type { SaveUserRequest, UserDetails } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { getUser } from './getUser.js';
import { writeAccounts } from './grantAccounts.js';
import { requireManagedUser } from './managedUsers.js';

/**
 * POST /api/users/{userId} (dictatorAdd): the user's name, email and accounts in the manager's
 * structures, in one transaction (issue 26). A changed permission or access counts at the user's
 * next call on every server (the session cache hears the account's change). Audited.
 */
export async function saveUser(
  ctx: AppContext,
  auth: Auth,
  userId: number,
  input: SaveUserRequest,
  ip: string | null,
): Promise<UserDetails> {
  const user = await requireManagedUser(ctx, auth, userId);
  const accountIds = await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ displayName: input.name, email: input.email || null })
      .where(eq(users.id, user.id));
    return writeAccounts(tx, auth, { id: user.id, displayName: input.name }, input.accounts);
  });
  await recordAudit(ctx, {
    action: 'user.save',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
    detail: { savedUserId: user.id, accounts: accountIds },
  });
  return getUser(ctx, auth, user.id);
}
