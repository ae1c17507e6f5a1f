import { ENDPOINTS, urlOf } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, clearSessionCookie, requireUser, setSessionCookie } from '../../http/session.js';
import { getUserSummaries } from '../../services/account/getUserSummaries.js';
import { setUserSummary } from '../../services/account/setUserSummary.js';
import { endSession } from '../../services/auth/endSession.js';
import { signInWithPassword } from '../../services/auth/signInWithPassword.js';

const { account } = ENDPOINTS;

/** Sign-in, accounts and sign-out (spec 01 §4, §7 "Settings and account"). */
export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, account.authenticated, {}, async (req) => ({
      authenticated: req.auth !== null,
      scheme: ctx.config.AUTH_SCHEME,
    }));

    serve(app, account.login, {}, async (req, reply) => {
      const token = await signInWithPassword(ctx, {
        ...req.body,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      });
      setSessionCookie(req, reply, token);
      return { success: true as const };
    });

    serve(app, account.userSummaries, { preHandler: requireUser }, async (req) =>
      getUserSummaries(ctx, authOf(req).userId),
    );

    serve(app, account.setUserSummary, { preHandler: requireUser }, async (req) =>
      setUserSummary(ctx, authOf(req), req.params.memberId, req.ip),
    );

    serve(app, account.signOut, {}, async (req, reply) => {
      if (req.auth) await endSession(ctx, req.auth, req.ip);
      clearSessionCookie(req, reply);
      return { url: urlOf(account.scheme, { scheme: ctx.config.AUTH_SCHEME }) };
    });
  };
