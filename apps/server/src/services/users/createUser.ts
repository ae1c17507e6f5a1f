import { type CreatedUser, type CreateUserRequest, message, normalUserName } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { conflict, invalid } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { writeAccounts } from './grantAccounts.js';
import { issuePasswordLink } from './passwordLinks.js';

/**
 * POST /api/users (dictatorAdd): a new user with their accounts, and no password: the answer's
 * one-time link lets them choose it (issue 26). Everything commits together; audited.
 */
export async function createUser(
  ctx: AppContext,
  auth: Auth,
  input: CreateUserRequest,
  ip: string | null,
): Promise<CreatedUser> {
  const userName = normalUserName(input.userName);
  if (!userName) throw invalid(message('users.userNameInvalid'));
  const taken = () => conflict(message('users.userNameTaken', { userName }), 'user_name_taken');
  const created = await ctx.database.db
    .transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.username, userName));
      if (existing) throw taken();
      const [user] = await tx
        .insert(users)
        .values({ username: userName, displayName: input.name, email: input.email || null })
        .returning();
      const accountIds = await writeAccounts(tx, auth, user!, input.accounts);
      const passwordLink = await issuePasswordLink(ctx, tx, user!.id, auth.userId);
      return { userId: user!.id, passwordLink, accountIds };
    })
    .catch((err: unknown) => {
      // Two managers adding the same user name at once: the unique index decides, and the loser hears so.
      throw isUniqueViolation(err, 'users_username_idx') ? taken() : err;
    });
  await recordAudit(ctx, {
    action: 'user.add',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
    detail: { addedUserId: created.userId, accounts: created.accountIds },
  });
  return { userId: created.userId, passwordLink: created.passwordLink };
}
