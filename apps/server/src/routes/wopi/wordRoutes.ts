import { ENDPOINTS, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { saveWordDocument } from '../../services/jobSave/saveWordDocument.js';
import { getWordAuth } from '../../services/wopi/getWordAuth.js';

/**
 * The job view's Word calls (spec 01 §7, spec 02 §6–§7): the frame's token and addresses (jobView),
 * and the save that completes a Word edit (jobEdit).
 */
export const wordRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { word: e } = ENDPOINTS;
    const view = { preHandler: requirePermission('jobView', message('job.noViewPermission')) };
    const edit = { preHandler: requirePermission('jobEdit', message('job.noEditPermission')) };

    serve(app, e.auth, view, async (req) =>
      getWordAuth(ctx, authOf(req), req.query, `${req.protocol}://${req.host}`, req.ip),
    );
    serve(app, e.saveWordDocument, edit, async (req) => saveWordDocument(ctx, authOf(req), req.body, req.ip));
  };
