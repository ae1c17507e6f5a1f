import { adtEditGate, adtViewGate, ENDPOINTS, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requireGate, requirePermission } from '../../http/session.js';
import { acceptAdt } from '../../services/adt/acceptAdt.js';
import { getJobAdt } from '../../services/adt/getJobAdt.js';
import { searchAdt } from '../../services/adt/searchAdt.js';

/**
 * The job's patient, visit and order data (spec 02 §6, §7). Reading it needs jobView and a
 * permission that shows patient data (adtView, adtEdit or jobEditAdt); searching and accepting
 * need jobEditAdt (§5: only accounts that can edit job ADT; 403 otherwise, nothing changed).
 */
export const adtRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const e = ENDPOINTS.adt;
    const view = {
      preHandler: [requirePermission('jobView', message('job.noViewPermission')), requireGate(adtViewGate)],
    };
    const edit = { preHandler: requireGate(adtEditGate) };

    serve(app, e.jobAdt, view, async (req) => getJobAdt(ctx, authOf(req), req.query.jobId, req.ip));
    serve(app, e.search, edit, async (req) => searchAdt(ctx, authOf(req), req.body, req.ip));
    serve(app, e.accept, edit, async (req) => acceptAdt(ctx, authOf(req), req.body, req.ip));
  };
