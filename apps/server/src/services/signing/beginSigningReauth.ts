import { message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { beginOidcSignIn, OIDC_MESSAGES, type OidcFlow } from '../auth/oidcSignIn.js';

/**
 * GET /api/signing/reauthenticate (issue 43): starts a fresh authentication of the signed-in user
 * at the identity provider, to sign — prompt=login and max_age=0, the flow bound to this session.
 * Without a provider configured 404; for a user linked to no OIDC identity 403 with words saying
 * so (nothing at the provider could confirm them).
 */
export async function beginSigningReauth(
  ctx: AppContext,
  auth: Auth,
  redirectUri: string,
  returnUrl: string,
): Promise<{ url: string; flow: OidcFlow }> {
  if (!ctx.config.OIDC_ISSUER || !ctx.config.OIDC_CLIENT_ID) throw notFound(OIDC_MESSAGES.notConfigured);
  const [user] = await ctx.database.db
    .select({ oidcSubject: users.oidcSubject })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!user?.oidcSubject) throw forbidden(message('signatureRules.reauthNoIdentity'), 'no_oidc_identity');
  return beginOidcSignIn(ctx, redirectUri, returnUrl, auth.sessionHash);
}
