import multipart from '@fastify/multipart';
import {
  CompanySchema,
  CompanySearchParamsSchema,
  message,
  RecentUploadSchema,
  RevertUploadResponseSchema,
  SCHEDULE_LIMITS,
  SubmitHeadingsRequestSchema,
  SubmitHeadingsResponseSchema,
  UploadEffectSchema,
  UploadStatusParamsSchema,
  UploadStatusSchema,
  ValidateHeadingsResponseSchema,
} from '@quill/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/httpError.js';
import { multipartUploadLimits, readMultipartUpload } from '../../http/multipartUpload.js';
import { authOf, requireAccount } from '../../http/session.js';
import { getUploadEffect } from '../../services/schedule/getUploadEffect.js';
import { getUploadStatus } from '../../services/schedule/getUploadStatus.js';
import { listRecentUploads } from '../../services/schedule/listRecentUploads.js';
import { revertUpload } from '../../services/schedule/revertUpload.js';
import { requireUploadPermission } from '../../services/schedule/scheduleFacility.js';
import { searchCompanies } from '../../services/schedule/searchCompanies.js';
import { submitHeadings } from '../../services/schedule/submitHeadings.js';
import { validateHeadings } from '../../services/schedule/validateHeadings.js';

export interface ScheduleRoutesOptions {
  /** Largest file validateheadings accepts; SCHEDULE_LIMITS.maxUploadBytes unless a test says less. */
  maxUploadBytes?: number;
}

/** Either upload permission: the company search serves both the schedule and the patient upload. */
async function requireAnyUploadPermission(req: FastifyRequest): Promise<void> {
  await requireAccount(req);
  const { permissions } = req.auth!;
  if (!permissions.has('physicianScheduleUpload') && !permissions.has('adtUpload')) {
    throw new HttpError(403, message('schedule.noPermission'));
  }
}

const canUploadSchedule = async (req: FastifyRequest) => {
  await requireAccount(req);
  requireUploadPermission(req.auth!, 'SCHEDULE');
};
const canUploadAdt = async (req: FastifyRequest) => {
  await requireAccount(req);
  requireUploadPermission(req.auth!, 'ADT');
};

/** Schedule and patient-data upload with heading mapping (spec 02 §2 "Schedule Upload page", §4). */
export const scheduleRoutes =
  (ctx: AppContext, opts: ScheduleRoutesOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const maxBytes = opts.maxUploadBytes ?? SCHEDULE_LIMITS.maxUploadBytes;
    // Encapsulated: multipart bodies are taken by this plugin's routes only.
    await app.register(multipart, { limits: multipartUploadLimits(maxBytes), throwFileSizeLimit: false });

    app.post(
      '/api/company/searchbynameorid/:text',
      {
        schema: {
          tags: ['schedule'],
          params: CompanySearchParamsSchema,
          response: { 200: z.array(CompanySchema) },
        },
        preHandler: requireAnyUploadPermission,
      },
      async (req) => searchCompanies(ctx, authOf(req), req.params.text),
    );

    app.post(
      '/api/schedule/validateheadings',
      {
        schema: {
          tags: ['schedule'],
          consumes: ['multipart/form-data'],
          response: { 200: ValidateHeadingsResponseSchema },
        },
        preHandler: requireAnyUploadPermission,
      },
      async (req) => {
        const upload = await readMultipartUpload(req, 'schedule.badUpload');
        return validateHeadings(ctx, authOf(req), upload, req.ip, { maxBytes });
      },
    );

    app.post(
      '/api/schedule/SubmitScheduleHeadings',
      {
        schema: {
          tags: ['schedule'],
          body: SubmitHeadingsRequestSchema,
          response: { 200: SubmitHeadingsResponseSchema },
        },
        preHandler: canUploadSchedule,
      },
      async (req) => submitHeadings(ctx, authOf(req), 'SCHEDULE', req.body, req.ip),
    );

    app.post(
      '/api/schedule/SubmitADTHeadings',
      {
        schema: {
          tags: ['schedule'],
          body: SubmitHeadingsRequestSchema,
          response: { 200: SubmitHeadingsResponseSchema },
        },
        preHandler: canUploadAdt,
      },
      async (req) => submitHeadings(ctx, authOf(req), 'ADT', req.body, req.ip),
    );

    app.get(
      '/api/schedule/status/:uploadId',
      {
        schema: {
          tags: ['schedule'],
          params: UploadStatusParamsSchema,
          response: { 200: UploadStatusSchema },
        },
        preHandler: requireAccount,
      },
      async (req) => getUploadStatus(ctx, authOf(req), req.params.uploadId),
    );

    // Issue 18: an upload's effect and its revert (docs/decisions.md "Schedule upload preview and revert").
    app.get(
      '/api/schedule/uploads',
      {
        schema: { tags: ['schedule'], response: { 200: z.array(RecentUploadSchema) } },
        preHandler: requireAnyUploadPermission,
      },
      async (req) => listRecentUploads(ctx, authOf(req)),
    );

    app.get(
      '/api/schedule/uploads/:uploadId/effect',
      {
        schema: {
          tags: ['schedule'],
          params: UploadStatusParamsSchema,
          response: { 200: UploadEffectSchema },
        },
        preHandler: requireAnyUploadPermission,
      },
      async (req) => getUploadEffect(ctx, authOf(req), req.params.uploadId, req.ip),
    );

    app.post(
      '/api/schedule/uploads/:uploadId/revert',
      {
        schema: {
          tags: ['schedule'],
          params: UploadStatusParamsSchema,
          response: { 200: RevertUploadResponseSchema },
        },
        preHandler: requireAnyUploadPermission,
      },
      async (req) => revertUpload(ctx, authOf(req), req.params.uploadId, req.ip),
    );
  };
