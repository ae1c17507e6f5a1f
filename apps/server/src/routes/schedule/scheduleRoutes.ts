import { ENDPOINTS, message, SCHEDULE_LIMITS } from '@quill/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors/domainErrors.js';
import {
  multipartUploadLimits,
  readMultipartUpload,
  registerMultipartUploads,
} from '../../http/body/multipartUpload.js';
import { serve } from '../../http/serve.js';
import { authOf, requireAccount } from '../../http/session.js';
import { answerUploadPreview } from '../../services/schedule/confirmUpload.js';
import { getUploadEffect } from '../../services/schedule/getUploadEffect.js';
import { getUploadPreview } from '../../services/schedule/getUploadPreview.js';
import { getUploadStatus } from '../../services/schedule/getUploadStatus.js';
import { listRecentUploads } from '../../services/schedule/listRecentUploads.js';
import { revertUpload } from '../../services/schedule/revertUpload.js';
import { requireUploadPermission } from '../../services/schedule/scheduleFacility.js';
import { searchCompanies } from '../../services/schedule/searchCompanies.js';
import { submitHeadings } from '../../services/schedule/submitHeadings.js';
import { validateHeadings } from '../../services/schedule/validateHeadings.js';

const { schedule } = ENDPOINTS;

export interface ScheduleRoutesOptions {
  /** Largest file validateheadings accepts; SCHEDULE_LIMITS.maxUploadBytes unless a test says less. */
  maxUploadBytes?: number;
}

/** Either upload permission: the company search serves both the schedule and the patient upload. */
async function requireAnyUploadPermission(req: FastifyRequest): Promise<void> {
  await requireAccount(req);
  const { permissions } = req.auth!;
  if (!permissions.has('physicianScheduleUpload') && !permissions.has('adtUpload')) {
    throw forbidden(message('schedule.noPermission'));
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
    await registerMultipartUploads(app, multipartUploadLimits(maxBytes));

    serve(app, schedule.companySearch, { preHandler: requireAnyUploadPermission }, async (req) =>
      searchCompanies(ctx, authOf(req), req.params.text),
    );

    serve(app, schedule.validateHeadings, { preHandler: requireAnyUploadPermission }, async (req) => {
      const upload = await readMultipartUpload(req, 'schedule.badUpload');
      return validateHeadings(ctx, authOf(req), upload, req.ip, { maxBytes });
    });

    serve(app, schedule.submitScheduleHeadings, { preHandler: canUploadSchedule }, async (req) =>
      submitHeadings(ctx, authOf(req), 'SCHEDULE', req.body, req.ip),
    );

    serve(app, schedule.submitAdtHeadings, { preHandler: canUploadAdt }, async (req) =>
      submitHeadings(ctx, authOf(req), 'ADT', req.body, req.ip),
    );

    serve(app, schedule.status, { preHandler: requireAccount }, async (req) =>
      getUploadStatus(ctx, authOf(req), req.params.uploadId),
    );

    // Issue 18: an upload's effect and its revert (docs/decisions.md "Schedule upload preview and revert").
    serve(app, schedule.recentUploads, { preHandler: requireAnyUploadPermission }, async (req) =>
      listRecentUploads(ctx, authOf(req)),
    );

    serve(app, schedule.uploadEffect, { preHandler: requireAnyUploadPermission }, async (req) =>
      getUploadEffect(ctx, authOf(req), req.params.uploadId, req.ip),
    );

    // Issue 39: uploads preview first; nothing is applied until the submitter confirms.
    serve(app, schedule.uploadPreview, { preHandler: requireAnyUploadPermission }, async (req) =>
      getUploadPreview(ctx, authOf(req), req.params.uploadId, req.ip),
    );

    serve(app, schedule.confirmUpload, { preHandler: requireAnyUploadPermission }, async (req) =>
      answerUploadPreview(ctx, authOf(req), req.params.uploadId, 'confirm', req.ip),
    );

    serve(app, schedule.cancelUpload, { preHandler: requireAnyUploadPermission }, async (req) =>
      answerUploadPreview(ctx, authOf(req), req.params.uploadId, 'cancel', req.ip),
    );

    serve(app, schedule.revertUpload, { preHandler: requireAnyUploadPermission }, async (req) =>
      revertUpload(ctx, authOf(req), req.params.uploadId, req.ip),
    );
  };
