import { ENDPOINTS, message, REAUTH_PARAM, SIGN_IN_SCHEMES, safeReturnPath } from '@quill/core';
import type { FastifyPluginAsyncZod as ZodPlugin } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { invalid, notFound } from '../../errors/domainErrors.js';
import { leaveForProvider, oidcRedirectUri, publicOrigin, takeFlow } from '../../http/oidcFlowCookie.js';
import { serve } from '../../http/serve.js';
import { setSessionCookie } from '../../http/session.js';
import { beginOidcSignIn, completeOidcSignIn } from '../../services/auth/oidcSignIn.js';
import { completeSigningReauth } from '../../services/signing/completeSigningReauth.js';

const { account } = ENDPOINTS;

/** `path` with `name=value` added to its query. */
function withParam(path: string, name: string, value: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
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
      const { url, flow } = await beginOidcSignIn(ctx, oidcRedirectUri(ctx, req), returnUrl);
      return leaveForProvider(req, reply, url, flow);
    });

    // The one redirect URI: a sign-in opens a session; a fresh authentication to sign (issue 43)
    // goes back to its page with the outcome, the session otherwise unchanged.
    serve(app, account.oidcCallback, {}, async (req, reply) => {
      const flow = takeFlow(req, reply);
      if (!flow) throw invalid(message('auth.oidcExpired'));
      const callbackUrl = new URL(req.url, publicOrigin(ctx, req));
      if (flow.reauthOf) {
        const outcome = await completeSigningReauth(ctx, req.auth, callbackUrl, flow, req.ip);
        return reply.redirect(withParam(safeReturnPath(flow.returnUrl), REAUTH_PARAM, outcome));
      }
      const token = await completeOidcSignIn(ctx, callbackUrl, flow, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      });
      setSessionCookie(req, reply, token);
      return reply.redirect(flow.returnUrl);
    });
  };
