import { message, type PasswordLink, passwordProblemText, USER_ADMIN_LIMITS } from '@quill/core';
import { SET_PASSWORD_PAGE_PATH } from '@quill/core/rules/settings/navigation';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { passwordLinks, sessions, users } from '../../db/schema/index.js';
import { invalid, notFound } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { hashPassword } from '../auth/passwords.js';
import { hashSessionToken, newSessionToken } from '../auth/sessionToken.js';
import { newPasswordProblem } from '../profile/passwordPolicy.js';
import { requireManagedUser } from './managedUsers.js';

/**
 * A new one-time set-password link for `userId` (issue 26), ending the user's older unused links.
 * The token rides in the link's fragment, so it never reaches a server log or a Referer.
 * `db` may be the transaction that creates the user.
 */
export async function issuePasswordLink(
  ctx: AppContext,
  db: Db,
  userId: number,
  byUserId: number | null,
): Promise<PasswordLink> {
  const token = newSessionToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + USER_ADMIN_LIMITS.passwordLinkHours * 3_600_000);
  await db
    .update(passwordLinks)
    .set({ usedAt: now })
    .where(and(eq(passwordLinks.userId, userId), isNull(passwordLinks.usedAt)));
  await db
    .insert(passwordLinks)
    .values({ tokenHash: hashSessionToken(token), userId, createdByUserId: byUserId, expiresAt });
  const base = ctx.config.PUBLIC_URL?.replace(/\/+$/, '') ?? '';
  return { url: `${base}${SET_PASSWORD_PAGE_PATH}#token=${token}`, expiresAt: expiresAt.toISOString() };
}

const expired = () => notFound(message('users.linkExpired'));

/** The live link of a token, with its user; 404 "expired or used" otherwise (the same for an unknown token). */
async function liveLink(db: Db, token: string) {
  const [row] = await db
    .select({ link: passwordLinks, user: users })
    .from(passwordLinks)
    .innerJoin(users, eq(users.id, passwordLinks.userId))
    .where(
      and(
        eq(passwordLinks.tokenHash, hashSessionToken(token)),
        isNull(passwordLinks.usedAt),
        gt(passwordLinks.expiresAt, new Date()),
        isNull(users.disabledAt),
      ),
    );
  if (!row) throw expired();
  return row;
}

/** POST /api/account/passwordLink: whose link it is and until when it works. */
export async function readPasswordLink(ctx: AppContext, token: string) {
  const { link, user } = await liveLink(ctx.database.db, token);
  return { userName: user.username, expiresAt: link.expiresAt.toISOString() };
}

/**
 * POST /api/account/setPassword: sets the link's user's password (the NIST rules of
 * rules/auth/password.ts), once: the link is used up in the same transaction, whose row lock makes a
 * second use of the same link wait and then find it used. Ends the user's sessions; audited.
 */
export async function setPasswordWithLink(
  ctx: AppContext,
  input: { token: string; newPassword: string },
  ip: string | null,
): Promise<void> {
  const { user } = await liveLink(ctx.database.db, input.token);
  const problem = newPasswordProblem(input.newPassword, user.username);
  if (problem) throw invalid(passwordProblemText(problem), 'password_rejected');
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  await ctx.database.db.transaction(async (tx) => {
    const used = await tx
      .update(passwordLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordLinks.tokenHash, hashSessionToken(input.token)),
          isNull(passwordLinks.usedAt),
          gt(passwordLinks.expiresAt, now),
        ),
      )
      .returning({ userId: passwordLinks.userId });
    if (used.length === 0) throw expired();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ endedAt: now, endReason: 'passwordChanged' })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.endedAt)));
  });
  await recordAudit(ctx, { action: 'user.setPassword', outcome: 'success', userId: user.id, ip });
}

/** POST /api/users/{userId}/passwordLink (dictatorAdd): a new link for a user the manager manages; audited. */
export async function newPasswordLinkFor(
  ctx: AppContext,
  auth: Auth,
  userId: number,
  ip: string | null,
): Promise<PasswordLink> {
  const user = await requireManagedUser(ctx, auth, userId);
  const link = await issuePasswordLink(ctx, ctx.database.db, user.id, auth.userId);
  await recordAudit(ctx, {
    action: 'user.passwordLink',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
    detail: { targetUserId: user.id },
  });
  return link;
}
