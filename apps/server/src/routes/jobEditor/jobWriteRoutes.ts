import { CDA_EDIT_LIMITS, ENDPOINTS, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { bookOutJob } from '../../services/booking/bookOutJob.js';
import { cancelBooking } from '../../services/booking/cancelBooking.js';
import { extendBooking } from '../../services/booking/extendBooking.js';
import { openAddendum } from '../../services/booking/openAddendum.js';
import { runHoldQueueCheck } from '../../services/jobEditor/holdQueue/runHoldQueueCheck.js';
import { refreshJobData } from '../../services/jobEditor/refreshJobData.js';
import { saveCda } from '../../services/jobSave/saveCda.js';
import { saveJob } from '../../services/jobSave/saveJob.js';
import { setJobData } from '../../services/jobSave/setJobData.js';
import { transcribeJob } from '../../services/transcribe/transcribeJob.js';

/**
 * The job view's booking and save calls (spec 02 §4, §7; ARCHITECTURE §4 "Booking"). Booking and
 * writing need jobEdit (an addendum jobEditText too); the hold-queue check and the job-data refresh only read (jobView).
 */
export const jobWriteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const e = ENDPOINTS.jobEditor;
    const edit = { preHandler: requirePermission('jobEdit', message('job.noEditPermission')) };
    const view = { preHandler: requirePermission('jobView', message('job.noViewPermission')) };
    // A whole edited document fits; the app's default limit is for ordinary calls.
    const bodyLimit = CDA_EDIT_LIMITS.maxBodyBytes;

    serve(app, e.bookOut, edit, async (req) => bookOutJob(ctx, authOf(req), req.body.jobId, req.ip));
    const editText = {
      preHandler: requirePermission('jobEditText', message('job.noEditTextPermission')),
    };
    serve(app, e.addendum, editText, async (req) => openAddendum(ctx, authOf(req), req.body, req.ip));
    serve(app, e.transcribe, edit, async (req) => transcribeJob(ctx, authOf(req), req.body.jobId, req.ip));
    serve(app, e.extendBooking, edit, async (req) =>
      extendBooking(ctx, authOf(req), req.body.jobId, req.body.bookingCookie, req.ip),
    );
    serve(app, e.cancelBooking, edit, async (req) => cancelBooking(ctx, authOf(req), req.query, req.ip));
    serve(app, e.save, { ...edit, bodyLimit }, async (req) => saveJob(ctx, authOf(req), req.body, req.ip));
    serve(app, e.saveCda, { ...edit, bodyLimit }, async (req) => saveCda(ctx, authOf(req), req.body, req.ip));
    serve(app, e.setJobData, edit, async (req) => setJobData(ctx, authOf(req), req.body, req.ip));
    serve(app, e.refreshJobData, view, async (req) => refreshJobData(ctx, authOf(req), req.body, req.ip));
    serve(app, e.holdQueueCheck, { ...view, bodyLimit }, async (req) =>
      runHoldQueueCheck(ctx, authOf(req), req.body, req.ip),
    );
  };
