import { GetPhysicianQuerySchema, message, PhysicianSchema, SearchPhysiciansQuerySchema } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requirePermission } from '../../http/session.js';
import { getPhysician } from '../../services/jobEditor/getPhysician.js';
import { searchPhysicians } from '../../services/jobEditor/searchPhysicians.js';

/** Choosing the dictator and dictated-for physician (spec 02 §7). */
export const physicianRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['job'];
    const view = requirePermission('jobView', message('job.noViewPermission'));
    app.get(
      '/api/jobs/SearchPhysicians',
      {
        schema: {
          tags,
          querystring: SearchPhysiciansQuerySchema,
          response: { 200: z.array(PhysicianSchema) },
        },
        preHandler: view,
      },
      async (req) => searchPhysicians(ctx, authOf(req), req.query),
    );
    app.get(
      '/api/jobs/GetPhysician',
      {
        schema: { tags, querystring: GetPhysicianQuerySchema, response: { 200: PhysicianSchema } },
        preHandler: view,
      },
      async (req) => getPhysician(ctx, authOf(req), req.query.userId),
    );
  };
