import { message } from '@quill/core';
import { and, eq, isNull } from 'drizzle-orm';
import * as client from 'openid-client';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema/index.js';
import { forbidden, notFound, unauthenticated } from '../../errors/domainErrors.js';
import { recordAudit } from '../audit/recordAudit.js';
import { startSession } from './startSession.js';

/** What the browser carries (in a signed, HttpOnly cookie) between leaving and coming back. */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnUrl: string;
  /**
   * A fresh authentication of a signed-in session to sign (issue 43), bound to that session's
   * hash; absent for a sign-in.
   */
  reauthOf?: string;
}

/** The answers of a single sign-on that cannot go on, from the message catalogue. */
export const OIDC_MESSAGES = {
  notConfigured: message('auth.oidcNotConfigured'),
  failed: message('auth.oidcFailed'),
  noUser: message('auth.oidcNoUser'),
} as const;

let cached: { issuer: string; config: Promise<client.Configuration> } | undefined;

async function configuration(ctx: AppContext): Promise<client.Configuration> {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = ctx.config;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID) throw notFound(OIDC_MESSAGES.notConfigured);
  if (cached?.issuer !== OIDC_ISSUER) {
    const issuer = new URL(OIDC_ISSUER);
    // Plain http is only accepted for an issuer on this machine (development and tests).
    const local =
      issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    const config = client
      .discovery(
        issuer,
        OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET,
        undefined,
        local ? { execute: [client.allowInsecureRequests] } : {},
      )
      .catch((err: unknown) => {
        cached = undefined;
        throw err;
      });
    cached = { issuer: OIDC_ISSUER, config };
  }
  return cached.config;
}

/**
 * Starts the authorization-code flow with PKCE: answers where to send the browser and what to keep.
 * With `reauthOf` (a session's hash) the provider is asked for a new sign-in whatever session it
 * holds (prompt=login, max_age=0): a fresh authentication to sign (issue 43).
 */
export async function beginOidcSignIn(
  ctx: AppContext,
  redirectUri: string,
  returnUrl: string,
  reauthOf?: string,
): Promise<{ url: string; flow: OidcFlow }> {
  const config = await configuration(ctx);
  const flow: OidcFlow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    returnUrl,
    ...(reauthOf ? { reauthOf } : {}),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
    ...(reauthOf ? { prompt: 'login', max_age: '0' } : {}),
  });
  return { url: url.toString(), flow };
}

/**
 * Exchanges the code the provider sent back (state, nonce and PKCE checked against the browser's
 * flow) and answers the ID token's claims, or undefined when anything does not match (logged
 * without the token).
 */
export async function oidcClaims(
  ctx: AppContext,
  callbackUrl: URL,
  flow: OidcFlow,
): Promise<client.IDToken | undefined> {
  const config = await configuration(ctx);
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    return tokens.claims();
  } catch (err) {
    ctx.log.info({ err: { message: (err as Error).message } }, 'oidc code exchange failed');
    return undefined;
  }
}

/** The identity a user is linked to: the issuer and the subject of the ID token. */
export const oidcSubjectOf = (claims: client.IDToken) => `${claims.iss}|${claims.sub}`;

/**
 * The identity provider sent the browser back: exchanges the code, checks the ID token and opens a
 * session for the Quill user linked to the subject (or, first time, the user named by the claim).
 */
export async function completeOidcSignIn(
  ctx: AppContext,
  callbackUrl: URL,
  flow: OidcFlow,
  from: { ip: string | null; userAgent: string | null },
): Promise<string> {
  const claims = await oidcClaims(ctx, callbackUrl, flow);
  if (!claims) {
    await recordAudit(ctx, { action: 'signin', outcome: 'failure', ip: from.ip, detail: { method: 'oidc' } });
    throw unauthenticated(OIDC_MESSAGES.failed, 'oidc_failed');
  }
  const subject = oidcSubjectOf(claims);
  let [user] = await ctx.database.db.select().from(users).where(eq(users.oidcSubject, subject));
  const claimed = claims[ctx.config.OIDC_USERNAME_CLAIM];
  if (!user && typeof claimed === 'string') {
    [user] = await ctx.database.db
      .update(users)
      .set({ oidcSubject: subject })
      .where(and(eq(users.username, claimed.toLowerCase()), isNull(users.oidcSubject)))
      .returning();
  }
  if (!user || user.disabledAt) {
    await recordAudit(ctx, {
      action: 'signin',
      outcome: 'failure',
      userId: user?.id,
      ip: from.ip,
      detail: { method: 'oidc' },
    });
    throw forbidden(OIDC_MESSAGES.noUser, 'oidc_no_user');
  }
  return startSession(ctx, user.id, { ...from, method: 'oidc' });
}
