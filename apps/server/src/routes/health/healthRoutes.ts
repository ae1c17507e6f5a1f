import { ENDPOINTS, MEMBER_TYPES } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { runHealthChecks } from '../../services/health/runHealthChecks.js';

/**
 * The health check — no sign-in needed (spec 02 §2); what each check found only for a signed-in
 * manager (issue 23).
 */
export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, ENDPOINTS.health.results, {}, async (req) =>
      runHealthChecks(ctx, { details: req.auth?.memberType === MEMBER_TYPES.manager }),
    );
  };
