import { message } from '@quill/core';
import { and, eq, isNull, lt } from 'drizzle-orm';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { AppContext } from '../../context.js';
import { fhirAssertions, fhirClients } from '../../db/schema/index.js';
import { invalid, unauthenticated } from '../../errors/domainErrors.js';
import { grantScopes } from '../../interop/fhir/scopes.js';
import { recordAudit } from '../audit/recordAudit.js';
import { ACCESS_TOKEN_SECONDS, signAccessToken } from './fhirAccessToken.js';

/** Bounds of a token request's input. */
export const MAX_ASSERTION_LENGTH = 8192;
const MAX_JTI_LENGTH = 255;
/** An assertion's longest life (SMART Backend Services: exp at most five minutes ahead). */
const MAX_ASSERTION_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 30;

export const CLIENT_CREDENTIALS = 'client_credentials';
export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** A token request's form fields, as posted. */
export interface TokenRequest {
  grant_type?: string;
  client_assertion_type?: string;
  client_assertion?: string;
  scope?: string;
}

/** The token answer (RFC 6749 §5.1). */
export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

/** The OAuth error codes (RFC 6749 §5.2) a refusal carries as its code. */
const badRequest = (text: string) => invalid(text, 'invalid_request');
const badClient = (reason: string) =>
  unauthenticated(message('fhir.token.badAssertion', { reason }), 'invalid_client');

const remoteKeySets = new Map<string, JWTVerifyGetKey>();

/** The keys that may sign the client's assertions: its registered JWKS, or the one at its URL (cached). */
function keysOf(client: typeof fhirClients.$inferSelect): JWTVerifyGetKey {
  if (client.jwksUrl) {
    let keys = remoteKeySets.get(client.jwksUrl);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(client.jwksUrl), { timeoutDuration: 5000 });
      remoteKeySets.set(client.jwksUrl, keys);
    }
    return keys;
  }
  return createLocalJWKSet((client.jwks ?? { keys: [] }) as JSONWebKeySet);
}

/** Why jose refused an assertion, in words without its content. */
function refusalReason(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'it has expired';
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `its ${err.claim} claim is not valid`;
  if (err instanceof joseErrors.JWKSNoMatchingKey) return message('fhir.token.noKey');
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return 'it must be signed with RS384 or ES384';
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'its signature does not match';
  return 'it is not a valid signed JWT';
}

/**
 * POST /fhir/R4/auth/token (SMART Backend Services): a registered client's JWT assertion — signed
 * by one of its keys, iss = sub = its client id, aud = this endpoint, exp at most five minutes
 * ahead, a jti never used before — buys a bearer token for five minutes with the scopes asked for
 * that the client is registered for. A replayed assertion is refused. Audited.
 */
export async function issueFhirToken(
  ctx: AppContext,
  req: TokenRequest & { tokenUrl: string; ip: string | null },
): Promise<TokenAnswer> {
  if (req.grant_type !== CLIENT_CREDENTIALS)
    throw invalid(message('fhir.token.grantType'), 'unsupported_grant_type');
  if (req.client_assertion_type !== JWT_BEARER) throw badRequest(message('fhir.token.assertionType'));
  const assertion = req.client_assertion ?? '';
  if (!assertion) throw badRequest(message('fhir.token.badRequest', { detail: 'client_assertion' }));
  if (assertion.length > MAX_ASSERTION_LENGTH) {
    throw badRequest(message('fhir.token.assertionSize', { max: MAX_ASSERTION_LENGTH }));
  }
  let issuer: unknown;
  try {
    issuer = decodeJwt(assertion).iss;
  } catch {
    throw badClient(refusalReason(null));
  }
  const [client] =
    typeof issuer === 'string' && issuer.length <= 100
      ? await ctx.database.db
          .select()
          .from(fhirClients)
          .where(and(eq(fhirClients.clientId, issuer), isNull(fhirClients.disabledAt)))
      : [];
  if (!client) throw unauthenticated(message('fhir.token.unknownClient'), 'invalid_client');
  const verified = await jwtVerify(assertion, keysOf(client), {
    algorithms: ['RS384', 'ES384'],
    issuer: client.clientId,
    subject: client.clientId,
    audience: req.tokenUrl,
    requiredClaims: ['exp', 'jti'],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
  }).catch((err: unknown) => {
    throw badClient(refusalReason(err));
  });
  const { exp, jti } = verified.payload;
  const now = Math.floor(Date.now() / 1000);
  if (exp! > now + MAX_ASSERTION_SECONDS + CLOCK_TOLERANCE_SECONDS) {
    throw badClient(message('fhir.token.lifetime', { max: MAX_ASSERTION_SECONDS }));
  }
  if (typeof jti !== 'string' || !jti || jti.length > MAX_JTI_LENGTH) {
    throw badClient(message('fhir.token.jti', { max: MAX_JTI_LENGTH }));
  }
  const scopes = grantScopes(req.scope, client.scopes);
  if (!scopes.length) {
    throw invalid(message('fhir.token.scope', { asked: (req.scope ?? '').slice(0, 200) }), 'invalid_scope');
  }
  const db = ctx.database.db;
  // Assertions past their life can no longer be replayed: their jti need not be kept.
  await db.delete(fhirAssertions).where(lt(fhirAssertions.expiresAt, new Date(Date.now() - 60_000)));
  const kept = await db
    .insert(fhirAssertions)
    .values({ clientId: client.clientId, jti, expiresAt: new Date((exp! + CLOCK_TOLERANCE_SECONDS) * 1000) })
    .onConflictDoNothing()
    .returning({ jti: fhirAssertions.jti });
  if (!kept.length) throw badClient(message('fhir.token.replayed'));
  await recordAudit(ctx, {
    action: 'fhir.token',
    outcome: 'success',
    corporateStructureId: client.corporateStructureId,
    ip: req.ip,
    detail: { clientId: client.clientId, scopes },
  });
  return {
    access_token: await signAccessToken(ctx, client.clientId, scopes),
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: scopes.join(' '),
  };
}
