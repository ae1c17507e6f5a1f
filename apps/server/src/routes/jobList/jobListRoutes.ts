import { PassThrough } from 'node:stream';
import { ENDPOINTS, message } from '@quill/core';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors/domainErrors.js';
import { serve } from '../../http/serve.js';
import { authOf, requireAccount, requirePermission } from '../../http/session.js';
import { exportJobList } from '../../services/jobList/exportJobList.js';
import { getJobCounts } from '../../services/jobList/getJobCounts.js';
import { getJobDetails } from '../../services/jobList/getJobDetails.js';
import {
  getClientFacilityIds,
  getUserCorporateStructures,
} from '../../services/jobList/getUserCorporateStructures.js';
import { type JobListAnswer, listJobs } from '../../services/jobList/listJobs.js';

/** Sends a list answer the database already built (a string or Buffer payload skips the serializer). */
function sendList(reply: FastifyReply, answer: JobListAnswer): FastifyReply {
  return reply.type(answer.type).send(answer.body);
}

/** The job list (spec 01 §7 "Jobs and list"). */
export const jobListRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const account = { preHandler: requireAccount };
    const { jobList } = ENDPOINTS;

    serve(app, jobList.corporateStructures, account, async (req) =>
      getUserCorporateStructures(ctx, authOf(req)),
    );

    serve(app, jobList.clientFacilities, account, async (req) =>
      getClientFacilityIds(ctx, authOf(req), req.params.csId),
    );

    serve(app, jobList.counts, account, async (req) => getJobCounts(ctx, authOf(req), req.query));

    serve(app, jobList.allJobs, account, async (req, reply) =>
      sendList(reply, await listJobs(ctx, authOf(req), { ...req.query, filter: 'all' }, req.ip)),
    );

    serve(
      app,
      jobList.holdQueue,
      { preHandler: requirePermission('holdQueueView', message('jobList.holdQueueForbidden')) },
      async (req, reply) =>
        sendList(reply, await listJobs(ctx, authOf(req), { ...req.query, filter: 'hq' }, req.ip)),
    );

    serve(app, jobList.distribution, account, async (req, reply) => {
      const filter = req.query.status === 'PENDING' ? 'pending' : 'failed';
      return sendList(reply, await listJobs(ctx, authOf(req), { ...req.query, filter }, req.ip));
    });

    // The list row's details (spec 01 §6 "Show job details": jobView), as the web app gates them.
    serve(
      app,
      jobList.details,
      { preHandler: requirePermission('jobView', message('job.noViewPermission')) },
      async (req) => getJobDetails(ctx, authOf(req), req.query.jobId, req.ip),
    );

    serve(app, jobList.exportJobList, account, async (req, reply) => {
      const auth = authOf(req);
      if (req.params.queueName === 'hq' && !auth.permissions.has('holdQueueView')) {
        throw forbidden(message('jobList.holdQueueForbidden'));
      }
      // Check scope before the answer starts, so a refusal is still a clean error answer.
      await getClientFacilityIds(ctx, auth, req.params.csId);
      const body = new PassThrough();
      const done = exportJobList(
        ctx,
        auth,
        { csId: req.params.csId, queue: req.params.queueName, query: req.query },
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
    });
  };
