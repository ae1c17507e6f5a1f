import { ENDPOINTS } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requireAccount } from '../../http/session.js';
import { searchJobs } from '../../services/jobSearch/searchJobs.js';

/** Job Search in Quill (see searchJobs). */
export const jobSearchRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, ENDPOINTS.jobList.search, { preHandler: requireAccount }, async (req) =>
      searchJobs(ctx, authOf(req), req.query, req.ip),
    );
  };
