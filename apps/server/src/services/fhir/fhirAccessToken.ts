import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context.js';

/** How long an access token lives (SMART Backend Services recommends at most five minutes). */
export const ACCESS_TOKEN_SECONDS = 300;
const AUDIENCE = 'quill-fhir';

/**
 * The key that signs access tokens: derived from the server's database-kept secret
 * (services/auth/cookieSecret.ts), so every API process of a deployment checks every token
 * without a table or a shared file, and the key never equals the cookie secret itself.
 */
function tokenKey(ctx: Pick<AppContext, 'cookieSecret'>): Uint8Array {
  return createHmac('sha256', ctx.cookieSecret).update('quill fhir access token v1').digest();
}

/** An access token for a client: a JWT (HS256) naming the client and the scopes granted. */
export async function signAccessToken(
  ctx: Pick<AppContext, 'cookieSecret'>,
  clientId: string,
  scopes: readonly string[],
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ scope: scopes.join(' ') })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject(clientId)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(tokenKey(ctx));
}

/** The client and scopes of a valid, unexpired access token; null for any other string. */
export async function verifyAccessToken(
  ctx: Pick<AppContext, 'cookieSecret'>,
  token: string,
): Promise<{ clientId: string; scopes: string[] } | null> {
  if (token.length > 4096) return null;
  try {
    const { payload } = await jwtVerify(token, tokenKey(ctx), { algorithms: ['HS256'], audience: AUDIENCE });
    if (typeof payload.sub !== 'string' || typeof payload.scope !== 'string') return null;
    return { clientId: payload.sub, scopes: payload.scope.split(' ').filter(Boolean) };
  } catch {
    return null;
  }
}
