import { API, HealthCheckResponseSchema } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { runHealthChecks } from '../../services/health/runHealthChecks.js';

/** GET /api/healthcheck/results — no sign-in needed (spec 02 §2). */
export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      API.healthResults,
      {
        schema: {
          tags: ['health'],
          summary: 'Runs the health checks',
          response: { 200: HealthCheckResponseSchema },
        },
      },
      async () => runHealthChecks(ctx),
    );
  };
