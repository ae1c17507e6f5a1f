import {
  CanAccessJobSchema,
  DepartmentSchema,
  DocumentAvailabilitySchema,
  FacilityWorkTypesQuerySchema,
  JobCdaSchema,
  JobDataSchema,
  JobPathSchema,
  JobQuerySchema,
  JobVersionSchema,
  JobViewDetailsSchema,
  LocationSchema,
  message,
  WorkTypeSchema,
} from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authOf, requireAccount, requirePermission } from '../../http/session.js';
import { canAccessJob } from '../../services/jobEditor/canAccessJob.js';
import { getDocumentAvailability } from '../../services/jobEditor/getDocumentAvailability.js';
import { getJobCda } from '../../services/jobEditor/getJobCda.js';
import { getJobData } from '../../services/jobEditor/getJobData.js';
import { getJobVersion } from '../../services/jobEditor/getJobVersion.js';
import { getJobViewDetails } from '../../services/jobEditor/getJobViewDetails.js';
import { listFacilityWorkTypes } from '../../services/jobEditor/listFacilityWorkTypes.js';
import { listJobDepartments } from '../../services/jobEditor/listJobDepartments.js';
import { listJobLocations } from '../../services/jobEditor/listJobLocations.js';

/** The job view's read calls (spec 02 §7 "Job-side calls"); each needs jobView. */
export const jobReadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['job'];
    const view = requirePermission('jobView', message('job.noViewPermission'));

    app.get(
      '/api/job/canaccessjob',
      {
        schema: { tags, querystring: JobQuerySchema, response: { 200: CanAccessJobSchema } },
        preHandler: requireAccount,
      },
      async (req) => canAccessJob(ctx, authOf(req), req.query.jobId),
    );
    app.get(
      '/api/job/GetJobDetails',
      {
        schema: { tags, querystring: JobQuerySchema, response: { 200: JobViewDetailsSchema } },
        preHandler: view,
      },
      async (req) => getJobViewDetails(ctx, authOf(req), req.query.jobId, req.ip),
    );
    app.get(
      '/api/job/GetDocumentAvailability',
      {
        schema: { tags, querystring: JobQuerySchema, response: { 200: DocumentAvailabilitySchema } },
        preHandler: view,
      },
      async (req) => getDocumentAvailability(ctx, authOf(req), req.query.jobId),
    );
    app.get(
      '/api/job/getcda',
      { schema: { tags, querystring: JobQuerySchema, response: { 200: JobCdaSchema } }, preHandler: view },
      async (req) => getJobCda(ctx, authOf(req), req.query.jobId, req.ip),
    );
    app.get(
      '/api/job/getjobdata',
      { schema: { tags, querystring: JobQuerySchema, response: { 200: JobDataSchema } }, preHandler: view },
      async (req) => getJobData(ctx, authOf(req), req.query.jobId, req.ip),
    );
    app.get(
      '/api/job/getjobversion',
      {
        schema: { tags, querystring: JobQuerySchema, response: { 200: JobVersionSchema } },
        preHandler: view,
      },
      async (req) => getJobVersion(ctx, authOf(req), req.query.jobId),
    );
    app.get(
      '/api/job/GetClientFacilityWorktypes',
      {
        schema: {
          tags,
          querystring: FacilityWorkTypesQuerySchema,
          response: { 200: z.array(WorkTypeSchema) },
        },
        preHandler: view,
      },
      async (req) => listFacilityWorkTypes(ctx, authOf(req), req.query.ClientFacilityId),
    );
    app.get(
      '/api/job/getDepartmentsByJobId/:id',
      {
        schema: { tags, params: JobPathSchema, response: { 200: z.array(DepartmentSchema) } },
        preHandler: view,
      },
      async (req) => listJobDepartments(ctx, authOf(req), req.params.id),
    );
    app.get(
      '/api/job/getLocationsByJobId/:id',
      {
        schema: { tags, params: JobPathSchema, response: { 200: z.array(LocationSchema) } },
        preHandler: view,
      },
      async (req) => listJobLocations(ctx, authOf(req), req.params.id),
    );
  };
