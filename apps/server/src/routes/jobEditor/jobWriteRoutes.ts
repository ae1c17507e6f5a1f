import {
  BookOutBodySchema,
  BookOutResultSchema,
  CancelBookingQuerySchema,
  CancelBookingResultSchema,
  CDA_EDIT_LIMITS,
  ExtendBookingBodySchema,
  ExtendBookingResultSchema,
  HoldQueueCheckBodySchema,
  HoldQueueCheckRowSchema,
  JobDataSchema,
  message,
  SaveCdaBodySchema,
  SaveJobBodySchema,
  SaveJobResultSchema,
  SetJobDataBodySchema,
  SetJobDataRequestSchema,
} from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requirePermission } from '../../http/session.js';
import { bookOutJob } from '../../services/jobEditor/bookOutJob.js';
import { cancelBooking } from '../../services/jobEditor/cancelBooking.js';
import { extendBooking } from '../../services/jobEditor/extendBooking.js';
import { runHoldQueueCheck } from '../../services/jobEditor/holdQueue/runHoldQueueCheck.js';
import { refreshJobData } from '../../services/jobEditor/refreshJobData.js';
import { saveCda } from '../../services/jobEditor/saveCda.js';
import { saveJob } from '../../services/jobEditor/saveJob.js';
import { setJobData } from '../../services/jobEditor/setJobData.js';

/**
 * The job view's booking and save calls (spec 02 §4, §7; ARCHITECTURE §4 "Booking"). Booking and
 * writing need jobEdit; the hold-queue check and the job-data refresh only read (jobView).
 */
export const jobWriteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['job'];
    const edit = requirePermission('jobEdit', message('job.noEditPermission'));
    const view = requirePermission('jobView', message('job.noViewPermission'));
    const bodyLimit = CDA_EDIT_LIMITS.maxBodyBytes;

    app.post(
      '/api/job/bookoutjob',
      { schema: { tags, body: BookOutBodySchema, response: { 200: BookOutResultSchema } }, preHandler: edit },
      async (req) => bookOutJob(ctx, authOf(req), req.body.jobId, req.ip),
    );
    app.post(
      '/api/job/extendbooking',
      {
        schema: { tags, body: ExtendBookingBodySchema, response: { 200: ExtendBookingResultSchema } },
        preHandler: edit,
      },
      async (req) => extendBooking(ctx, authOf(req), req.body.jobId, req.body.bookingCookie, req.ip),
    );
    app.post(
      '/api/job/cancelbooking',
      {
        schema: { tags, querystring: CancelBookingQuerySchema, response: { 200: CancelBookingResultSchema } },
        preHandler: edit,
      },
      async (req) => cancelBooking(ctx, authOf(req), req.query, req.ip),
    );
    app.post(
      '/api/job/savejob',
      {
        bodyLimit,
        schema: { tags, body: SaveJobBodySchema, response: { 200: SaveJobResultSchema } },
        preHandler: edit,
      },
      async (req) => saveJob(ctx, authOf(req), req.body, req.ip),
    );
    app.post(
      '/api/job/saveCDA',
      {
        bodyLimit,
        schema: { tags, body: SaveCdaBodySchema, response: { 200: SaveJobResultSchema } },
        preHandler: edit,
      },
      async (req) => saveCda(ctx, authOf(req), req.body, req.ip),
    );
    app.post(
      '/api/job/setjobdata',
      {
        schema: { tags, body: SetJobDataBodySchema, response: { 200: SaveJobResultSchema } },
        preHandler: edit,
      },
      async (req) => setJobData(ctx, authOf(req), req.body, req.ip),
    );
    app.post(
      '/api/job/RefreshJobData',
      { schema: { tags, body: SetJobDataRequestSchema, response: { 200: JobDataSchema } }, preHandler: view },
      async (req) => refreshJobData(ctx, authOf(req), req.body, req.ip),
    );
    app.post(
      '/api/job/RunHoldQueueCheck',
      {
        bodyLimit,
        schema: { tags, body: HoldQueueCheckBodySchema, response: { 200: z.array(HoldQueueCheckRowSchema) } },
        preHandler: view,
      },
      async (req) => runHoldQueueCheck(ctx, authOf(req), req.body, req.ip),
    );
  };
