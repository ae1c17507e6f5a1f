import { ENDPOINTS, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { getPhysician } from '../../services/recipients/getPhysician.js';
import { savePhysician } from '../../services/recipients/savePhysician.js';
import { searchPhysicians } from '../../services/recipients/searchPhysicians.js';

/** The physician directory of the job view (spec 02 §7): search, one physician, Confirm and Save. */
export const physicianRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const e = ENDPOINTS.jobEditor;
    const view = { preHandler: requirePermission('jobView', message('job.noViewPermission')) };
    const edit = { preHandler: requirePermission('jobEdit', message('job.noEditPermission')) };
    serve(app, e.searchPhysicians, view, async (req) => searchPhysicians(ctx, authOf(req), req.query));
    serve(app, e.physician, view, async (req) => getPhysician(ctx, authOf(req), req.query.userId));
    serve(app, e.physicianById, view, async (req) => getPhysician(ctx, authOf(req), req.params.userId));
    serve(app, e.savePhysician, edit, async (req) => savePhysician(ctx, authOf(req), req.body, req.ip));
  };
