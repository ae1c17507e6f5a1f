import { PassThrough } from 'node:stream';
import { ENDPOINTS, message, TAT_REPORT_PERMISSION, XLSX_MEDIA_TYPE } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { contentDisposition } from '../../http/contentDisposition.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { exportTatReport, tatReportFileName } from '../../services/reports/exportTatReport.js';
import { listReportFacilities } from '../../services/reports/listReportFacilities.js';
import { loadTatReport } from '../../services/reports/loadTatReport.js';

const { reports } = ENDPOINTS;

/** Reports for managers (issue 27). */
export const reportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const reportGate = {
      preHandler: requirePermission(
        TAT_REPORT_PERMISSION,
        message('transcribe.productivity.report.notPermitted'),
      ),
    };

    serve(app, reports.facilities, reportGate, async (req) => listReportFacilities(ctx, authOf(req)));

    // No HEAD: it would read the report and audit a download for nothing.
    serve(app, reports.tatExport, { ...reportGate, exposeHeadRoute: false }, async (req, reply) => {
      const auth = authOf(req);
      // Read (and refuse) before the answer starts, so a refusal is still a clean error answer.
      const report = await loadTatReport(ctx, auth, req.query);
      const body = new PassThrough();
      exportTatReport(ctx, auth, report, body, req.ip).catch((err: Error) => {
        req.log.error({ err }, 'turnaround report failed');
        body.destroy(err);
      });
      return reply
        .type(XLSX_MEDIA_TYPE)
        .header('Content-Disposition', contentDisposition('attachment', tatReportFileName(report)))
        .send(body);
    });
  };
