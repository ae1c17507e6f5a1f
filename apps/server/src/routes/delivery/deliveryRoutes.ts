import { ENDPOINTS, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { listDeliveries } from '../../services/delivery/listDeliveries.js';
import { redirectDelivery } from '../../services/delivery/redirectDelivery.js';
import { retryDeliveries } from '../../services/delivery/retryDeliveries.js';

/**
 * Automatic distribution (issue 43): a job's deliveries (jobView), and the failed queue's Retry and
 * Redirect — distribution queue actions (distributionJobActionsQueue, as Clear of the pending queue).
 */
export const deliveryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { delivery } = ENDPOINTS;
    const queueAction = {
      preValidation: requirePermission('distributionJobActionsQueue', message('delivery.noPermission')),
    };

    serve(app, delivery.list, { preHandler: requirePermission('jobView') }, async (req) =>
      listDeliveries(ctx, authOf(req), req.query.jobId, req.ip),
    );
    serve(app, delivery.retry, queueAction, async (req) =>
      retryDeliveries(ctx, authOf(req), req.body.jobIds, req.ip),
    );
    serve(app, delivery.redirect, queueAction, async (req) =>
      redirectDelivery(ctx, authOf(req), req.body, req.ip),
    );
  };
