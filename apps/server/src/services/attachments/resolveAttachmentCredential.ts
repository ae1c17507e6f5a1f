import { message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { attachmentCredentials } from '../../db/schema/index.js';
import { unauthenticated } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { resolveSessionByHash } from '../auth/resolveSession.js';
import { hashSessionToken } from '../auth/sessionToken.js';
import { requireAttachmentAccess } from './attachmentAccess.js';
import { ATTACHMENT_CREDENTIAL_USER } from './issueAttachmentCredential.js';

const invalidCredential = () =>
  unauthenticated(message('attachments.credentialInvalid'), 'attachment_credential_invalid');

/** The secret of a basic credential's `user:secret` text, or null when it is not ours. */
export function credentialSecret(userAndSecret: string): string | null {
  const colon = userAndSecret.indexOf(':');
  if (colon < 0 || userAndSecret.slice(0, colon) !== ATTACHMENT_CREDENTIAL_USER) return null;
  const secret = userAndSecret.slice(colon + 1);
  return /^[A-Za-z0-9_-]{20,100}$/.test(secret) ? secret : null;
}

/**
 * Who calls the attachments service with a basic credential (`user:secret` decoded): the session's
 * account, read fresh — its permissions and corporate structures as they are now. 401 for an
 * unknown or expired credential, and for one whose session has ended (sign-out, expiry, a newer
 * sign-in, a disabled user) or now works as another account; 403 without the permissions.
 */
export async function resolveAttachmentCredential(
  ctx: AppContext,
  userAndSecret: string,
  now = new Date(),
): Promise<Auth> {
  const secret = credentialSecret(userAndSecret);
  if (!secret) throw invalidCredential();
  const [credential] = await ctx.database.db
    .select()
    .from(attachmentCredentials)
    .where(eq(attachmentCredentials.idHash, hashSessionToken(secret)));
  if (!credential || credential.expiresAt <= now) throw invalidCredential();
  const session = await resolveSessionByHash(ctx, credential.sessionIdHash, now);
  if (!session.auth || session.auth.accountId !== credential.accountId) throw invalidCredential();
  requireAttachmentAccess(session.auth);
  return session.auth;
}
