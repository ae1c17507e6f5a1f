import {
  ContactListSchema,
  DictatorsQuerySchema,
  DictatorsResultSchema,
  FaxRequestSchema,
  FaxResultSchema,
  faxGate,
  JobIdQuerySchema,
} from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authOf, requireAccount, requireGate } from '../../http/session.js';
import { faxJobs } from '../../services/fax/faxJobs.js';
import { getContactListForJob } from '../../services/fax/getContactListForJob.js';
import { searchFaxRecipients } from '../../services/fax/searchFaxRecipients.js';

/** Faxing from the job list (spec 01 §7 "Jobs and list"): recipients, recipient search and the fax call. */
export const faxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['fax'];

    app.get(
      '/api/jobs/getContactListForJob',
      {
        schema: { tags, querystring: JobIdQuerySchema, response: { 200: ContactListSchema } },
        preHandler: requireAccount,
      },
      async (req) => getContactListForJob(ctx, authOf(req), req.query.jobId, req.ip),
    );

    app.get(
      '/api/jobs/Dictators',
      {
        schema: { tags, querystring: DictatorsQuerySchema, response: { 200: DictatorsResultSchema } },
        preHandler: requireAccount,
      },
      async (req) => searchFaxRecipients(ctx, authOf(req), req.query),
    );

    app.post(
      '/api/jobs/Fax',
      {
        schema: { tags, body: FaxRequestSchema, response: { 200: FaxResultSchema } },
        // Before the body is validated: without jobFax the answer is 403 whatever was sent.
        preValidation: requireGate(faxGate),
      },
      async (req) => faxJobs(ctx, authOf(req), req.body, req.ip),
    );
  };
