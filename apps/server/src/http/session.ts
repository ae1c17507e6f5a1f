import { API_PREFIX, ENDPOINTS, type Gate, message, routePattern } from '@quill/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { databaseUnavailable } from '../db/connectionLost.js';
import { type DomainError, forbidden, unauthenticated } from '../errors/domainErrors.js';
import type { Auth } from '../services/auth/auth.js';
import { resolveSession, type SessionProblem } from '../services/auth/resolveSession.js';
import { cookieSecure } from './secureCookies.js';

export const SESSION_COOKIE = 'quill_session';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
    sessionProblem: SessionProblem | null;
  }
}

/** The 401/403 answers of the session guards, from the message catalogue. */
export const SESSION_MESSAGES = {
  required: message('session.notSignedIn'),
  expired: message('session.expiredError'),
  superseded: message('errors.existingSession'),
  disabled: message('session.userDisabled'),
  account: message('session.accountRequired'),
  permission: message('session.notPermitted'),
} as const;

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure over https or with SESSION_COOKIE_SECURE. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(req),
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieSecure(req),
  });
}

/** The health check answers while the database is down (issue 23), for a signed-in caller too. */
const HEALTH_ROUTE = routePattern(ENDPOINTS.health.results.path).toLowerCase();

/**
 * Loads the caller's session on every /api call into `req.auth`. With the database down the call
 * fails here (503, http/errorHandler.ts), except the health check, which then answers as to anyone.
 */
export function registerSession(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionProblem', null);
  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    if (!token || !req.url.toLowerCase().startsWith(API_PREFIX)) return;
    try {
      const resolved = await resolveSession(ctx, token);
      req.auth = resolved.auth;
      req.sessionProblem = resolved.problem;
    } catch (err) {
      if (req.routeOptions.url?.toLowerCase() === HEALTH_ROUTE && databaseUnavailable(err)) return;
      throw err;
    }
  });
}

/** 401 with a code telling the browser why: expired, superseded (→ /existingsession) or none. */
function signInRequired(req: FastifyRequest): DomainError {
  switch (req.sessionProblem) {
    case 'expired':
      return unauthenticated(SESSION_MESSAGES.expired, 'session_expired');
    case 'superseded':
      return unauthenticated(SESSION_MESSAGES.superseded, 'session_superseded');
    case 'disabled':
      return unauthenticated(SESSION_MESSAGES.disabled, 'user_disabled');
    default:
      return unauthenticated(SESSION_MESSAGES.required, 'unauthenticated');
  }
}

/** preHandler: a signed-in user is needed (401 otherwise). */
export async function requireUser(req: FastifyRequest): Promise<void> {
  if (!req.auth) throw signInRequired(req);
}

/** preHandler: a signed-in user working as a chosen account (403 before one is chosen). */
export async function requireAccount(req: FastifyRequest): Promise<void> {
  if (!req.auth) throw signInRequired(req);
  if (req.auth.accountId === null) throw forbidden(SESSION_MESSAGES.account, 'account_required');
}

/** preHandler factory: the selected account must hold `permission` (403 with `message` otherwise). */
export function requirePermission(permission: string, message: string = SESSION_MESSAGES.permission) {
  return async (req: FastifyRequest) => {
    await requireAccount(req);
    if (!req.auth!.permissions.has(permission)) throw forbidden(message);
  };
}

/**
 * preHandler factory: the account's permissions must pass `gate` (a pure rule of
 * @quill/core/rules/jobList/actionGates shared with the web app); 403 with the gate's reason otherwise.
 */
export function requireGate(gate: (permissions: ReadonlySet<string>) => Gate) {
  return async (req: FastifyRequest) => {
    await requireAccount(req);
    const answer = gate(req.auth!.permissions);
    if (!answer.shown) throw forbidden(SESSION_MESSAGES.permission);
    if (answer.disabledBy) throw forbidden(message(answer.disabledBy.key, answer.disabledBy.values));
  };
}

/** The caller's auth after a guard has run. */
export function authOf(req: FastifyRequest): Auth {
  if (!req.auth) throw signInRequired(req);
  return req.auth;
}
