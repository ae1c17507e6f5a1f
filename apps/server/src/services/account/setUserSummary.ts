import { message } from '@quill/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts, sessions } from '../../db/schema/index.js';
import { audited, forbidden } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';

/** The 403 answer for an account that is not the signed-in user's own. */
export const SET_USER_SUMMARY_DENIED = message('account.selectOwnAccountOnly');

/**
 * POST /api/Account/SetUserSummary/{memberId}: the session works as this account from now on.
 * Only the signed-in user's own, enabled accounts can be chosen (403 otherwise, audited).
 */
export async function setUserSummary(ctx: AppContext, auth: Auth, memberId: number, ip: string | null) {
  const [account] = await ctx.database.db
    .select({ id: accounts.id, companyId: accounts.companyId })
    .from(accounts)
    .where(and(eq(accounts.id, memberId), eq(accounts.userId, auth.userId), isNull(accounts.disabledAt)));
  if (!account) {
    await recordAudit(ctx, {
      action: 'account.select',
      outcome: 'denied',
      userId: auth.userId,
      ip,
      detail: { memberId },
    });
    throw audited(forbidden(SET_USER_SUMMARY_DENIED));
  }
  await ctx.database.db
    .update(sessions)
    .set({ accountId: account.id })
    .where(eq(sessions.idHash, auth.sessionHash));
  await recordAudit(ctx, {
    action: 'account.select',
    outcome: 'success',
    userId: auth.userId,
    accountId: account.id,
    corporateStructureId: account.companyId,
    ip,
  });
  return { success: true as const, memberId: account.id };
}
