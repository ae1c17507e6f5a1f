import {
  AuthenticatedSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MemberIdParamsSchema,
  SetUserSummaryResponseSchema,
  UserSummarySchema,
} from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, clearSessionCookie, requireUser, setSessionCookie } from '../../http/session.js';
import { getUserSummaries } from '../../services/account/getUserSummaries.js';
import { setUserSummary } from '../../services/account/setUserSummary.js';
import { endSession } from '../../services/auth/endSession.js';
import { signInWithPassword } from '../../services/auth/signInWithPassword.js';

/** Sign-in, accounts and sign-out (spec 01 §4, §7 "Settings and account"). */
export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/account/authenticated',
      { schema: { tags: ['account'], response: { 200: AuthenticatedSchema } } },
      async (req) => ({ authenticated: req.auth !== null, scheme: ctx.config.AUTH_SCHEME }),
    );

    app.post(
      '/api/account/login',
      {
        schema: { tags: ['account'], body: LoginRequestSchema, response: { 200: LoginResponseSchema } },
      },
      async (req, reply) => {
        const token = await signInWithPassword(ctx, {
          ...req.body,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
        });
        setSessionCookie(req, reply, token);
        return { success: true as const };
      },
    );

    app.get(
      '/api/Account/GetUserSummaries',
      {
        schema: { tags: ['account'], response: { 200: z.array(UserSummarySchema) } },
        preHandler: requireUser,
      },
      async (req) => getUserSummaries(ctx, authOf(req).userId),
    );

    app.post(
      '/api/Account/SetUserSummary/:memberId',
      {
        schema: {
          tags: ['account'],
          params: MemberIdParamsSchema,
          response: { 200: SetUserSummaryResponseSchema },
        },
        preHandler: requireUser,
      },
      async (req) => setUserSummary(ctx, authOf(req), req.params.memberId, req.ip),
    );

    app.get(
      '/api/account/SignOut',
      {
        schema: {
          tags: ['account'],
          summary: 'Ends the session (by navigation) and redirects to the sign-in scheme',
        },
      },
      async (req, reply) => {
        if (req.auth) await endSession(ctx, req.auth, req.ip);
        clearSessionCookie(req, reply);
        return reply.redirect(`/api/account/scheme/${ctx.config.AUTH_SCHEME}`);
      },
    );
  };
