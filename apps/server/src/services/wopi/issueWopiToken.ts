import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { wopiTokens } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { hashSessionToken, newSessionToken } from '../auth/sessionToken.js';

/** What a new WOPI access token is for. */
export interface WopiTokenGrant {
  jobId: number;
  /** Edit (Lock, PutFile) or view only. */
  canWrite: boolean;
  /** The job version the token is issued at. */
  version: number;
  /** The origin of the Quill page that hosts the frame (CheckFileInfo's PostMessageOrigin). */
  hostOrigin: string;
}

/**
 * A new WOPI access token for one job, account and session: 256 random bits, stored only as their
 * SHA-256 like a session id, working for WOPI_TOKEN_SECONDS and only while the session that asked
 * lives and works as the same account (resolveWopiToken). Expired tokens are swept here.
 */
export async function issueWopiToken(
  ctx: AppContext,
  auth: Auth,
  grant: WopiTokenGrant,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + ctx.config.WOPI_TOKEN_SECONDS * 1000);
  await ctx.database.db.transaction(async (tx) => {
    await tx.delete(wopiTokens).where(lt(wopiTokens.expiresAt, now));
    await tx.insert(wopiTokens).values({
      idHash: hashSessionToken(token),
      sessionIdHash: auth.sessionHash,
      accountId: auth.accountId!,
      jobId: grant.jobId,
      canWrite: grant.canWrite,
      version: grant.version,
      hostOrigin: grant.hostOrigin,
      createdAt: now,
      expiresAt,
    });
  });
  return { token, expiresAt };
}
