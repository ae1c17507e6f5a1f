import { type ReauthOutcome, SIGNING_REAUTH } from '@quill/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sessions, users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';
import { type OidcFlow, oidcClaims, oidcSubjectOf } from '../auth/oidcSignIn.js';

/** How far ahead of this server's clock a provider's auth_time may be (clocks drift a little). */
const CLOCK_SKEW_SECONDS = 30;

/** A fresh sign-in: auth_time present, at most SIGNING_REAUTH.authTimeSeconds ago. */
function freshAuthTime(authTime: unknown, nowMs: number): boolean {
  if (typeof authTime !== 'number' || !Number.isFinite(authTime)) return false;
  const age = nowMs / 1000 - authTime;
  return age <= SIGNING_REAUTH.authTimeSeconds && age >= -CLOCK_SKEW_SECONDS;
}

/**
 * The identity provider sent the browser back from a fresh authentication to sign (issue 43). The
 * flow must belong to the session still signed in (else 'failed'); the code exchange checks state,
 * nonce and PKCE as sign-in does ('failed'); the ID token's issuer and subject must be the session
 * user's own linked identity ('wrongIdentity': another person signed in at the provider) and its
 * `auth_time` fresh ('stale': missing, or older than SIGNING_REAUTH.authTimeSeconds — the provider
 * kept an old sign-in despite prompt=login and max_age=0). Only then is the session's
 * `reauthenticated_at` set, which one signature may use (signingReauthentication.ts). Every
 * outcome is audited ('session.reauthenticate'); a refusal changes nothing in the session.
 */
export async function completeSigningReauth(
  ctx: AppContext,
  auth: Auth | null,
  callbackUrl: URL,
  flow: OidcFlow,
  ip: string | null,
): Promise<ReauthOutcome> {
  const audit = (outcome: 'success' | 'failure' | 'denied', reason?: string) =>
    recordAudit(ctx, {
      action: 'session.reauthenticate',
      outcome,
      userId: auth?.userId ?? null,
      accountId: auth?.accountId ?? null,
      ip,
      detail: { method: 'oidc', ...(reason ? { reason } : {}) },
    });
  if (!auth || auth.sessionHash !== flow.reauthOf) {
    await audit('failure', 'session');
    return 'failed';
  }
  const claims = await oidcClaims(ctx, callbackUrl, flow);
  if (!claims) {
    await audit('failure', 'exchange');
    return 'failed';
  }
  const [user] = await ctx.database.db
    .select({ oidcSubject: users.oidcSubject })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!user?.oidcSubject || user.oidcSubject !== oidcSubjectOf(claims)) {
    await audit('denied', 'identity');
    return 'wrongIdentity';
  }
  if (!freshAuthTime(claims.auth_time, Date.now())) {
    await audit('denied', 'authTime');
    return 'stale';
  }
  await ctx.database.db
    .update(sessions)
    .set({ reauthenticatedAt: sql`now()` })
    .where(and(eq(sessions.idHash, auth.sessionHash), isNull(sessions.endedAt)));
  await audit('success');
  return 'confirmed';
}
