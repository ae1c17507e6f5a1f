import { clearGate, ENDPOINTS, markPrintedGate } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requireGate } from '../../http/session.js';
import { completeJobs } from '../../services/jobList/completeJobs.js';
import { markJobsPrinted } from '../../services/jobList/markJobsPrinted.js';

/** Bulk actions on list jobs (spec 01 §4 "Selection and bulk download", §7 "Jobs and list"). */
export const jobActionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      ENDPOINTS.jobList.printed,
      // docs/decisions.md "Who may mark jobs as printed": jobViewText and distributionJobActionsQueue.
      { preHandler: requireGate(markPrintedGate) },
      async (req) =>
        markJobsPrinted(ctx, authOf(req), {
          jobIds: req.body.jobIds,
          copiesType: req.body.copiesType as 0 | 1 | 2 | 3,
          ip: req.ip,
        }),
    );

    serve(app, ENDPOINTS.jobList.completeJobs, { preHandler: requireGate(clearGate) }, async (req) =>
      completeJobs(ctx, authOf(req), req.body, req.ip),
    );
  };
