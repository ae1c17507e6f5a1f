import { message, PERMISSIONS, type Permission, type UserSettings } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { accountMaySign } from '../signing/accountMaySign.js';

/**
 * GET /api/settings/user: formats, locale and the selected account's permissions — read with the
 * session (resolveSession) — and whether the account signs documents (issue 43: the web shows the
 * To sign screens to such accounts only), and how this user confirms a signature: the password, or
 * (a user without one) a fresh sign-in at the identity provider, named as users know it.
 */
export async function getUserSettings(
  ctx: Pick<AppContext, 'database' | 'config'>,
  auth: Auth,
  fftmBaseUrl: string,
): Promise<UserSettings> {
  const [user] = await ctx.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, auth.userId));
  return {
    dateFormat: auth.display.dateFormat,
    timeFormat: auth.display.timeFormat,
    locale: auth.display.locale,
    permissions: PERMISSIONS.filter((p): p is Permission => auth.permissions.has(p)),
    userId: auth.userId,
    fftmBaseUrl,
    maySign: await accountMaySign(ctx, auth),
    signWith: user?.passwordHash ? 'password' : 'oidc',
    signInProvider: ctx.config.OIDC_PROVIDER_NAME ?? message('toSign.sign.defaultProvider'),
  };
}
