import { ENDPOINTS } from '@quill/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { OidcFlow } from '../services/auth/oidcSignIn.js';
import { cookieSecure } from './secureCookies.js';

/**
 * The OpenID Connect flow a browser carries between leaving for the identity provider and coming
 * back to the one redirect URI (ENDPOINTS.account.oidcCallback) — a sign-in, or a fresh
 * authentication to sign (issue 43): a signed, HttpOnly cookie scoped to the callback's path.
 */
const FLOW_COOKIE = 'quill_oidc_flow';
export const OIDC_CALLBACK_PATH = ENDPOINTS.account.oidcCallback.path;

/** The address browsers use to reach Quill: PUBLIC_URL, or the request's own. */
export function publicOrigin(ctx: AppContext, req: FastifyRequest): string {
  return ctx.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;
}

/** The redirect URI registered at the provider. */
export const oidcRedirectUri = (ctx: AppContext, req: FastifyRequest) =>
  `${publicOrigin(ctx, req)}${OIDC_CALLBACK_PATH}`;

/** Keeps the flow for the callback (10 minutes) and sends the browser to the provider. */
export function leaveForProvider(req: FastifyRequest, reply: FastifyReply, url: string, flow: OidcFlow) {
  reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
    path: OIDC_CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(req),
    signed: true,
    maxAge: 600,
  });
  return reply.redirect(url);
}

/** The flow the browser came back with (cleared: a flow is used once), or null. */
export function takeFlow(req: FastifyRequest, reply: FastifyReply): OidcFlow | null {
  const raw = req.cookies[FLOW_COOKIE];
  reply.clearCookie(FLOW_COOKIE, { path: OIDC_CALLBACK_PATH });
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    return JSON.parse(unsigned.value) as OidcFlow;
  } catch {
    return null;
  }
}
