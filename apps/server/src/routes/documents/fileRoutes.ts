import { ENDPOINTS, message } from '@quill/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors/domainErrors.js';
import { contentDisposition } from '../../http/contentDisposition.js';
import { serve } from '../../http/serve.js';
import { authOf, requireAccount, requirePermission } from '../../http/session.js';
import { bulkDownloadJobs } from '../../services/documents/bulkDownloadJobs.js';
import { type DocumentFile, downloadJobDocument } from '../../services/documents/downloadJobDocument.js';
import { downloadRtfJobs } from '../../services/documents/downloadRtfJobs.js';
import { formatMultipleJobs } from '../../services/documents/formatMultipleJobs.js';

const canView = requirePermission('jobView', message('documents.noViewPermission'));

/**
 * download/{id}.pdf is also the print preview, which spec 01 §6 gates on "can view job text":
 * jobView or jobViewText opens a PDF; RTF needs jobView (docs/decisions.md).
 */
async function canViewFile(req: FastifyRequest) {
  await requireAccount(req);
  const perms = req.auth!.permissions;
  // preHandlers run after validation: `file` is already { jobId, format }.
  const { format } = (req.params as { file: { format: string } }).file;
  const ok = perms.has('jobView') || (format === 'pdf' && perms.has('jobViewText'));
  if (!ok) throw forbidden(message('documents.noViewPermission'));
}

function sendFile(reply: FastifyReply, file: DocumentFile) {
  return reply
    .type(file.contentType)
    .header('Content-Disposition', contentDisposition('inline', file.fileName))
    .send(file.bytes);
}

/**
 * Document downloads (spec 01 §7 "Documents and audio"); answers are files, errors the error shape.
 * `download` also serves the spec's capital-D spelling (ENDPOINTS.documents.downloadAs): paths
 * match case-insensitively.
 */
export const fileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { documents } = ENDPOINTS;
    // A HEAD would render and audit a document for nothing.
    const viewer = { preHandler: canView, exposeHeadRoute: false };

    serve(
      app,
      documents.download,
      { preHandler: canViewFile, exposeHeadRoute: false },
      async (req, reply) => {
        const { jobId, format } = req.params.file;
        const via = format === 'pdf' ? 'preview' : 'download';
        return sendFile(
          reply,
          await downloadJobDocument(ctx, authOf(req), { jobId, format, via, ip: req.ip }),
        );
      },
    );

    serve(app, documents.downloadRtf, viewer, async (req, reply) =>
      sendFile(reply, await downloadRtfJobs(ctx, authOf(req), { jobIds: req.query.jobIds, ip: req.ip })),
    );

    serve(app, documents.formatMultiple, viewer, async (req, reply) => {
      const { copiesOption, duplex, coverSheet } = req.params;
      const file = await formatMultipleJobs(ctx, authOf(req), {
        jobIds: req.query.jobIds,
        format: req.query.format,
        copyType: copiesOption as 0 | 1 | 2 | 3,
        duplex,
        coverSheet,
        ip: req.ip,
      });
      return sendFile(reply, file);
    });

    serve(app, documents.bulkDownload, viewer, async (req, reply) => {
      const zip = await bulkDownloadJobs(ctx, authOf(req), { ...req.query, ip: req.ip });
      zip.body.on('error', (err) =>
        req.log.error({ err: { message: err.message } }, 'bulk download broke off'),
      );
      return reply
        .type('application/zip')
        .header('Content-Disposition', contentDisposition('attachment', zip.fileName))
        .send(zip.body);
    });
  };
