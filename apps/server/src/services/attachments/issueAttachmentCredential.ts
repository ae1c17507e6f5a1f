import type { AttachmentApiCredentials } from '@quill/core';
import { and, eq, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { attachmentCredentials } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { hashSessionToken, newSessionToken } from '../auth/sessionToken.js';
import { requireAttachmentAccess } from './attachmentAccess.js';

/** The user name of every attachments credential; the secret after it is what identifies one. */
export const ATTACHMENT_CREDENTIAL_USER = 'attachments';

/**
 * The attachments service's base URL the browser calls: ATTACHMENTS_BASE_URL (a separate
 * deployment), else PUBLIC_URL, else the origin the browser reached this server at.
 */
export function attachmentsHost(
  config: Pick<AppContext['config'], 'ATTACHMENTS_BASE_URL' | 'PUBLIC_URL'>,
  requestOrigin: string,
): string {
  const configured = config.ATTACHMENTS_BASE_URL ?? config.PUBLIC_URL;
  return (configured ?? requestOrigin).replace(/\/+$/, '');
}

/**
 * GET /api/Account/GetAttachmentApiCredentials (spec 02 §7): a new basic credential for the
 * attachments service — 256 random bits, stored only as their SHA-256 like a session id, working
 * for ATTACHMENT_CREDENTIAL_SECONDS and only while the session that asked is live and works as
 * the same account (resolveAttachmentCredential). Expired credentials are swept here.
 */
export async function issueAttachmentCredential(
  ctx: AppContext,
  auth: Auth,
  requestOrigin: string,
  now = new Date(),
): Promise<AttachmentApiCredentials> {
  requireAttachmentAccess(auth);
  const secret = newSessionToken();
  const expiresAt = new Date(now.getTime() + ctx.config.ATTACHMENT_CREDENTIAL_SECONDS * 1000);
  await ctx.database.db.transaction(async (tx) => {
    await tx.delete(attachmentCredentials).where(
      or(
        lt(attachmentCredentials.expiresAt, now),
        // A session keeps a handful at most: the browser asks again only when one runs out.
        and(
          eq(attachmentCredentials.sessionIdHash, auth.sessionHash),
          lt(attachmentCredentials.expiresAt, new Date(now.getTime() + 30_000)),
        ),
      ),
    );
    await tx.insert(attachmentCredentials).values({
      idHash: hashSessionToken(secret),
      sessionIdHash: auth.sessionHash,
      accountId: auth.accountId!,
      createdAt: now,
      expiresAt,
    });
  });
  return {
    host: attachmentsHost(ctx.config, requestOrigin),
    credentials: Buffer.from(`${ATTACHMENT_CREDENTIAL_USER}:${secret}`, 'utf8').toString('base64'),
    expiresAt: expiresAt.toISOString(),
  };
}
