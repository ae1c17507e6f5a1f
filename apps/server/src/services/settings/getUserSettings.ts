import { PERMISSIONS, type Permission, type UserSettings } from '@quill/core';
import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { accountMaySign } from '../signing/accountMaySign.js';

/**
 * GET /api/settings/user: formats, locale and the selected account's permissions — read with the
 * session (resolveSession) — and whether the account signs documents (issue 43: the web shows the
 * To sign screens to such accounts only).
 */
export async function getUserSettings(
  ctx: Pick<AppContext, 'database'>,
  auth: Auth,
  fftmBaseUrl: string,
): Promise<UserSettings> {
  return {
    dateFormat: auth.display.dateFormat,
    timeFormat: auth.display.timeFormat,
    locale: auth.display.locale,
    permissions: PERMISSIONS.filter((p): p is Permission => auth.permissions.has(p)),
    userId: auth.userId,
    fftmBaseUrl,
    maySign: await accountMaySign(ctx, auth),
  };
}
