import { ENDPOINTS, faxGate } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requireGate } from '../../http/session.js';
import { faxJobs } from '../../services/fax/faxJobs.js';
import { getContactListForJob } from '../../services/fax/getContactListForJob.js';
import { searchFaxRecipients } from '../../services/fax/searchFaxRecipients.js';

/** Faxing from the job list (spec 01 §7 "Jobs and list"): recipients, recipient search and the fax call. */
export const faxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { fax } = ENDPOINTS;
    // The fax dialog's lists answer only whom the dialog is for (spec 01 §6 "Fax button and
    // dialog": jobFax); without it, 403 as the fax itself.
    const dialog = { preHandler: requireGate(faxGate) };

    serve(app, fax.contacts, dialog, async (req) =>
      getContactListForJob(ctx, authOf(req), req.query.jobId, req.ip),
    );

    serve(app, fax.searchRecipients, dialog, async (req) => searchFaxRecipients(ctx, authOf(req), req.query));

    serve(
      app,
      fax.fax,
      // Before the body is validated: without jobFax the answer is 403 whatever was sent.
      { preValidation: requireGate(faxGate) },
      async (req) => faxJobs(ctx, authOf(req), req.body, req.ip),
    );
  };
