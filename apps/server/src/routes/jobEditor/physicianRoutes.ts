import { ENDPOINTS, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { getPhysician } from '../../services/jobEditor/getPhysician.js';
import { searchPhysicians } from '../../services/jobEditor/searchPhysicians.js';

/** Choosing the dictator and dictated-for physician (spec 02 §7). */
export const physicianRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const view = { preHandler: requirePermission('jobView', message('job.noViewPermission')) };
    serve(app, ENDPOINTS.jobEditor.searchPhysicians, view, async (req) =>
      searchPhysicians(ctx, authOf(req), req.query),
    );
    serve(app, ENDPOINTS.jobEditor.physician, view, async (req) =>
      getPhysician(ctx, authOf(req), req.query.userId),
    );
  };
