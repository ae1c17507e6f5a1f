import {
  CompleteJobsBodySchema,
  CompleteJobsResultSchema,
  clearGate,
  markPrintedGate,
  PrintedBodySchema,
  PrintedResultSchema,
} from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authOf, requireGate } from '../../http/session.js';
import { completeJobs } from '../../services/jobList/completeJobs.js';
import { markJobsPrinted } from '../../services/jobList/markJobsPrinted.js';

/** Bulk actions on list jobs (spec 01 §4 "Selection and bulk download", §7 "Jobs and list"). */
export const jobActionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/jobs/printed',
      {
        schema: { tags: ['job list'], body: PrintedBodySchema, response: { 200: PrintedResultSchema } },
        // docs/decisions.md "Who may mark jobs as printed": jobViewText and distributionJobActionsQueue.
        preHandler: requireGate(markPrintedGate),
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
        preHandler: requireGate(clearGate),
      },
      async (req) => completeJobs(ctx, authOf(req), req.body, req.ip),
    );
  };
