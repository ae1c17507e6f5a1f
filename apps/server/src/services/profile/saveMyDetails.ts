import type { Profile, ProfileDetailsRequest } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { getMyProfile } from './getMyProfile.js';

/** POST /api/profile/details: the signed-in user's name and email (an empty email clears it); audited. */
export async function saveMyDetails(
  ctx: AppContext,
  auth: Auth,
  details: ProfileDetailsRequest,
  ip: string | null,
): Promise<Profile> {
  await ctx.database.db
    .update(users)
    .set({ displayName: details.name, email: details.email === '' ? null : details.email })
    .where(eq(users.id, auth.userId));
  await recordAudit(ctx, {
    action: 'profile.details',
    outcome: 'success',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
  });
  return getMyProfile(ctx, auth);
}
