import { ENDPOINTS, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { searchAdt } from '../../services/adt/searchAdt.js';

/** Search & Accept ADT's search (spec 02 §7 searchadt); only accounts that can edit job ADT (§5). */
export const adtSearchRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const editAdt = { preHandler: requirePermission('jobEditAdt', message('adt.noEditPermission')) };
    serve(app, ENDPOINTS.adt.search, editAdt, async (req) => searchAdt(ctx, authOf(req), req.body, req.ip));
  };
