import { ENDPOINTS, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../../http/contentDisposition.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { exportJobAuditTrail } from '../../services/audit/exportJobAuditTrail.js';
import { getJobAuditTrail } from '../../services/audit/getJobAuditTrail.js';

/** A job's audit trail in the job view and its CSV export; both need jobViewDetails. */
export const auditTrailRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const e = ENDPOINTS.audit;
    const details = { preHandler: requirePermission('jobViewDetails', message('session.notPermitted')) };

    serve(app, e.jobTrail, details, async (req) =>
      getJobAuditTrail(ctx, authOf(req), req.query.jobId, req.query.page, req.ip),
    );
    serve(app, e.jobTrailExport, { ...details, exposeHeadRoute: false }, async (req, reply) => {
      const file = await exportJobAuditTrail(ctx, authOf(req), req.params.jobId, req.ip);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', contentDisposition('attachment', file.fileName))
        .send(file.csv);
    });
  };
