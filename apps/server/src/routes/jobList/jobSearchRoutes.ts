import { JOB_SEARCH_PATH, JobSearchQuerySchema, JobSearchResultSchema } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authOf, requireAccount } from '../../http/session.js';
import { searchJobs } from '../../services/jobSearch/searchJobs.js';

/** Job Search in Quill: GET /api/jobs/search (see searchJobs). */
export const jobSearchRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      JOB_SEARCH_PATH,
      {
        schema: {
          tags: ['job list'],
          querystring: JobSearchQuerySchema,
          response: { 200: JobSearchResultSchema },
        },
        preHandler: requireAccount,
      },
      async (req) => searchJobs(ctx, authOf(req), req.query, req.ip),
    );
  };
