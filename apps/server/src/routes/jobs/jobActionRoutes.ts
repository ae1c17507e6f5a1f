import {
  CompleteJobsBodySchema,
  CompleteJobsResultSchema,
  message,
  PrintedBodySchema,
  PrintedResultSchema,
} from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authOf, requirePermission } from '../../http/session.js';
import { completeJobs } from '../../services/jobs/completeJobs.js';
import { markJobsPrinted } from '../../services/jobs/markJobsPrinted.js';

/** Bulk actions on list jobs (spec 01 §4 "Selection and bulk download", §7 "Jobs and list"). */
export const jobActionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/jobs/printed',
      {
        schema: { tags: ['job list'], body: PrintedBodySchema, response: { 200: PrintedResultSchema } },
        preHandler: requirePermission('jobView', message('documents.noPrintPermission')),
      },
      async (req) =>
        markJobsPrinted(ctx, authOf(req), {
          jobIds: req.body.jobIds,
          copiesType: req.body.copiesType as 0 | 1 | 2 | 3,
          ip: req.ip,
        }),
    );

    app.post(
      '/api/jobs/completejobs',
      {
        schema: {
          tags: ['job list'],
          body: CompleteJobsBodySchema,
          response: { 200: CompleteJobsResultSchema },
        },
        preHandler: requirePermission('distributionJobActionsQueue', message('clear.noPermission')),
      },
      async (req) => completeJobs(ctx, authOf(req), req.body, req.ip),
    );
  };
