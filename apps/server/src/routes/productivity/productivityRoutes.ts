import { ENDPOINTS } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requireAccount } from '../../http/session.js';
import { getMyProductivity } from '../../services/productivity/getMyProductivity.js';

const { productivity } = ENDPOINTS;

/** My productivity: the signed-in account's own figures (issue 27). */
export const productivityRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, productivity.me, { preHandler: requireAccount }, async (req) =>
      getMyProductivity(ctx, authOf(req), req.query),
    );
  };
