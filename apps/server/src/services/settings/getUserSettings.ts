import { PERMISSIONS, type Permission, type UserSettings } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import type { Auth } from '../auth/resolveSession.js';

/** GET /api/settings/user: formats, locale and the selected account's permissions. */
export async function getUserSettings(
  ctx: AppContext,
  auth: Auth,
  fftmBaseUrl: string,
): Promise<UserSettings> {
  const [user] = await ctx.database.db
    .select({ dateFormat: users.dateFormat, timeFormat: users.timeFormat, locale: users.locale })
    .from(users)
    .where(eq(users.id, auth.userId));
  return {
    dateFormat: user?.dateFormat ?? 'MM/DD/YYYY',
    timeFormat: user?.timeFormat ?? 'HH:mm',
    locale: user?.locale ?? 'en-US',
    permissions: PERMISSIONS.filter((p): p is Permission => auth.permissions.has(p)),
    userId: auth.userId,
    fftmBaseUrl,
  };
}
