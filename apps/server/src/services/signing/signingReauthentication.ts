import { message, SIGNING_REAUTH } from '@quill/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { audited, forbidden } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { auditFailedSignature, type SigningAttempt } from './checkSigningPassword.js';

/** The session's fresh authentication for signing, still within SIGNING_REAUTH.freshSeconds. */
const fresh = (auth: Auth) =>
  and(
    eq(sessions.idHash, auth.sessionHash),
    sql`${sessions.reauthenticatedAt} > now() - make_interval(secs => ${SIGNING_REAUTH.freshSeconds})`,
  );

const refusal = () =>
  forbidden(
    message('signatureRules.reauthRequired', { minutes: String(SIGNING_REAUTH.freshSeconds / 60) }),
    'reauthentication_required',
  );

/**
 * A signature with `reauthenticated: true` (issue 43): the session must have authenticated again at
 * the identity provider (completeSigningReauth) within the freshness window. Without that — never,
 * too long ago, or already used by a signature — the attempt is audited as a failed signature
 * ('job.sign', failure, reason 'reauthentication') and refused with words asking to confirm again.
 */
export async function requireFreshReauthentication(
  ctx: AppContext,
  auth: Auth,
  attempt: SigningAttempt,
): Promise<void> {
  const [row] = await ctx.database.db
    .select({ at: sessions.reauthenticatedAt })
    .from(sessions)
    .where(fresh(auth));
  if (row) return;
  await auditFailedSignature(ctx, auth, attempt, 'reauthentication');
  throw audited(refusal());
}

/**
 * Uses the fresh authentication up in the signature's own transaction: one fresh authentication,
 * one signing act (a bulk sign of several jobs is one act). Should the signature roll back (a job
 * changed), the authentication stays for the next try within its window. Refuses (403) when
 * another signature of the same session used it first.
 */
export async function consumeReauthentication(tx: Db, auth: Auth): Promise<void> {
  const used = await tx
    .update(sessions)
    .set({ reauthenticatedAt: null })
    .where(fresh(auth))
    .returning({ idHash: sessions.idHash });
  if (used.length === 0) throw refusal();
}
