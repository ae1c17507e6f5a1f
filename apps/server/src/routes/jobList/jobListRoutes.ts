import { PassThrough } from 'node:stream';
import {
  CorporateStructureSchema,
  CsIdParamsSchema,
  DistRowsQuerySchema,
  ExportParamsSchema,
  isJobListColumn,
  JobCountsSchema,
  JobDetailsSchema,
  JobIdQuerySchema,
  JobListQuerySchema,
  JobListRowSchema,
  JobRowsQuerySchema,
  message,
} from '@quill/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/httpError.js';
import { authOf, requireAccount, requirePermission } from '../../http/session.js';
import { exportJobList } from '../../services/jobList/exportJobList.js';
import { getJobCounts } from '../../services/jobList/getJobCounts.js';
import { getJobDetails } from '../../services/jobList/getJobDetails.js';
import {
  getClientFacilityIds,
  getUserCorporateStructures,
} from '../../services/jobList/getUserCorporateStructures.js';
import { type JobListAnswer, listJobs } from '../../services/jobList/listJobs.js';

const Rows = z.array(JobListRowSchema);
const ExportQuerySchema = z.object({
  columns: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((c) => c.trim()) : undefined))
    .refine((cols) => !cols || cols.every(isJobListColumn), 'columns names an unknown column'),
});

/** Sends a list answer the database already built (a string or Buffer payload skips the serializer). */
function sendList(reply: FastifyReply, answer: JobListAnswer): FastifyReply {
  return reply.type(answer.type).send(answer.body);
}

/** The job list (spec 01 §7 "Jobs and list"). */
export const jobListRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const list = {
      tags: ['job list'],
      response: {
        200: Rows.describe(
          'format=rows (the default). format=binary answers application/octet-stream: see contract JOB_LIST_FORMATS',
        ),
      },
    };

    app.get(
      '/api/jobs/getusercs',
      {
        schema: { tags: ['job list'], response: { 200: z.array(CorporateStructureSchema) } },
        preHandler: requireAccount,
      },
      async (req) => getUserCorporateStructures(ctx, authOf(req)),
    );

    app.get(
      '/api/settings/cfs/:csId',
      {
        schema: {
          tags: ['job list'],
          params: CsIdParamsSchema,
          response: { 200: z.array(z.number().int()) },
        },
        preHandler: requireAccount,
      },
      async (req) => getClientFacilityIds(ctx, authOf(req), req.params.csId),
    );

    app.get(
      '/api/jobs/getcounts',
      {
        schema: { tags: ['job list'], querystring: JobListQuerySchema, response: { 200: JobCountsSchema } },
        preHandler: requireAccount,
      },
      async (req) => getJobCounts(ctx, authOf(req), req.query),
    );

    app.get(
      '/api/jobs/alljobs',
      { schema: { ...list, querystring: JobRowsQuerySchema }, preHandler: requireAccount },
      async (req, reply) => {
        sendList(reply, await listJobs(ctx, authOf(req), { ...req.query, filter: 'all' }, req.ip));
        return reply;
      },
    );

    app.get(
      '/api/jobs/him',
      {
        schema: { ...list, querystring: JobRowsQuerySchema },
        preHandler: requirePermission('holdQueueView', message('jobList.holdQueueForbidden')),
      },
      async (req, reply) => {
        sendList(reply, await listJobs(ctx, authOf(req), { ...req.query, filter: 'hq' }, req.ip));
        return reply;
      },
    );

    app.get(
      '/api/jobs/dist',
      { schema: { ...list, querystring: DistRowsQuerySchema }, preHandler: requireAccount },
      async (req, reply) => {
        const filter = req.query.status === 'PENDING' ? 'pending' : 'failed';
        sendList(reply, await listJobs(ctx, authOf(req), { ...req.query, filter }, req.ip));
        return reply;
      },
    );

    app.get(
      '/api/jobs/jobdetails',
      {
        schema: { tags: ['job list'], querystring: JobIdQuerySchema, response: { 200: JobDetailsSchema } },
        preHandler: requireAccount,
      },
      async (req) => getJobDetails(ctx, authOf(req), req.query.jobId, req.ip),
    );

    app.get(
      '/api/file/JobList/:csId/:queueName',
      {
        schema: { tags: ['job list'], params: ExportParamsSchema, querystring: ExportQuerySchema },
        preHandler: requireAccount,
      },
      async (req, reply) => {
        const auth = authOf(req);
        if (req.params.queueName === 'hq' && !auth.permissions.has('holdQueueView')) {
          throw new HttpError(403, message('jobList.holdQueueForbidden'));
        }
        // Check scope before the answer starts, so a refusal is still a clean error answer.
        await getClientFacilityIds(ctx, auth, req.params.csId);
        const body = new PassThrough();
        const done = exportJobList(
          ctx,
          auth,
          {
            csId: req.params.csId,
            queue: req.params.queueName,
            columns: req.query.columns?.filter(isJobListColumn),
          },
          body,
          req.ip,
        ).catch((err: Error) => {
          req.log.error({ err }, 'job list export failed');
          body.destroy(err);
        });
        reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header(
            'Content-Disposition',
            `attachment; filename="JobList-${req.params.csId}-${req.params.queueName}.xlsx"`,
          );
        void done;
        return reply.send(body);
      },
    );
  };
