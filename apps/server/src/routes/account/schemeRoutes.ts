import { ENDPOINTS, message, SIGN_IN_SCHEMES, safeReturnPath } from '@quill/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod as ZodPlugin } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { invalid, notFound } from '../../errors/domainErrors.js';
import { cookieSecure } from '../../http/secureCookies.js';
import { serve } from '../../http/serve.js';
import { setSessionCookie } from '../../http/session.js';
import { beginOidcSignIn, completeOidcSignIn, type OidcFlow } from '../../services/auth/oidcSignIn.js';

const { account } = ENDPOINTS;
const FLOW_COOKIE = 'quill_oidc_flow';
const CALLBACK = account.oidcCallback.path;

function publicOrigin(ctx: AppContext, req: FastifyRequest): string {
  return ctx.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;
}

function readFlow(req: FastifyRequest): OidcFlow | null {
  const raw = req.cookies[FLOW_COOKIE];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    return JSON.parse(unsigned.value) as OidcFlow;
  } catch {
    return null;
  }
}

/** GET /api/account/scheme/{scheme}: where a browser that is not signed in is sent (spec 01 §4). */
export const schemeRoutes =
  (ctx: AppContext): ZodPlugin =>
  async (app) => {
    serve(app, account.scheme, {}, async (req, reply) => {
      const scheme = req.params.scheme.toLowerCase();
      const returnUrl = safeReturnPath(req.query.returnUrl);
      if (!(SIGN_IN_SCHEMES as readonly string[]).includes(scheme)) {
        throw notFound(message('auth.unknownScheme', { scheme: req.params.scheme }));
      }
      if (scheme === 'local') {
        return reply.redirect(`/signin?returnUrl=${encodeURIComponent(returnUrl)}`);
      }
      const { url, flow } = await beginOidcSignIn(ctx, `${publicOrigin(ctx, req)}${CALLBACK}`, returnUrl);
      reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
        path: CALLBACK,
        httpOnly: true,
        sameSite: 'lax',
        secure: cookieSecure(req),
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(url);
    });

    serve(app, account.oidcCallback, {}, async (req, reply) => {
      const flow = readFlow(req);
      reply.clearCookie(FLOW_COOKIE, { path: CALLBACK });
      if (!flow) throw invalid(message('auth.oidcExpired'));
      const callbackUrl = new URL(req.url, publicOrigin(ctx, req));
      const token = await completeOidcSignIn(ctx, callbackUrl, flow, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      });
      setSessionCookie(req, reply, token);
      return reply.redirect(flow.returnUrl);
    });
  };
