import { ENDPOINTS, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requireAccount, requirePermission } from '../../http/session.js';
import { canAccessJob } from '../../services/jobEditor/canAccessJob.js';
import { getDocumentAvailability } from '../../services/jobEditor/getDocumentAvailability.js';
import { getDocumentPatient } from '../../services/jobEditor/getDocumentPatient.js';
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
    const e = ENDPOINTS.jobEditor;
    const view = { preHandler: requirePermission('jobView', message('job.noViewPermission')) };

    serve(app, e.canAccess, { preHandler: requireAccount }, async (req) =>
      canAccessJob(ctx, authOf(req), req.query.jobId),
    );
    serve(app, e.details, view, async (req) => getJobViewDetails(ctx, authOf(req), req.query.jobId, req.ip));
    serve(app, e.availability, view, async (req) =>
      getDocumentAvailability(ctx, authOf(req), req.query.jobId, req.ip),
    );
    serve(app, e.documentPatient, view, async (req) =>
      getDocumentPatient(ctx, authOf(req), req.query.jobId, req.ip),
    );
    serve(app, e.cda, view, async (req) => getJobCda(ctx, authOf(req), req.query.jobId, req.ip));
    serve(app, e.jobData, view, async (req) => getJobData(ctx, authOf(req), req.query.jobId, req.ip));
    serve(app, e.version, view, async (req) => getJobVersion(ctx, authOf(req), req.query.jobId, req.ip));
    serve(app, e.workTypes, view, async (req) =>
      listFacilityWorkTypes(ctx, authOf(req), req.query.ClientFacilityId),
    );
    serve(app, e.departments, view, async (req) =>
      listJobDepartments(ctx, authOf(req), req.params.id, req.ip),
    );
    serve(app, e.locations, view, async (req) => listJobLocations(ctx, authOf(req), req.params.id, req.ip));
  };
