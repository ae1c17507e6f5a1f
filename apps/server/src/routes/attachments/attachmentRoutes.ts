import { ENDPOINTS, MAX_ATTACHMENT_BYTES, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { attachmentCallerOf, requireAttachmentCredential } from '../../http/attachmentCredential.js';
import {
  multipartUploadLimits,
  readMultipartUpload,
  registerMultipartUploads,
} from '../../http/body/multipartUpload.js';
import { contentDisposition } from '../../http/contentDisposition.js';
import { serve } from '../../http/serve.js';
import { authOf, requireAccount, requirePermission } from '../../http/session.js';
import { importAttachment } from '../../services/attachments/importAttachment.js';
import { issueAttachmentCredential } from '../../services/attachments/issueAttachmentCredential.js';
import { openAttachment } from '../../services/attachments/openAttachment.js';
import { searchAttachments } from '../../services/attachments/searchAttachments.js';

const { attachments: a } = ENDPOINTS;

/**
 * The attachments service (spec 02 §7, issue 22): the credentials call (session), search and
 * download (the credential's basic authorization, not the cookie) and the intake (session and
 * adtUpload: bringing patient documents in, as a patient upload does).
 */
export const attachmentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Encapsulated: multipart bodies are taken by this plugin's intake route only.
    await registerMultipartUploads(app, multipartUploadLimits(MAX_ATTACHMENT_BYTES, 4096));
    const credential = { preHandler: requireAttachmentCredential(ctx) };

    serve(app, a.credentials, { preHandler: requireAccount }, async (req) =>
      issueAttachmentCredential(ctx, authOf(req), `${req.protocol}://${req.host}`),
    );

    serve(app, a.search, credential, async (req) =>
      searchAttachments(
        ctx,
        attachmentCallerOf(req),
        req.params.clientFacilityId,
        { after: req.query.AfterDateUtc, before: req.query.BeforeInclusiveDateUtc, jobId: req.query.JobId },
        req.ip,
      ),
    );

    // A HEAD would audit a download that never happened.
    serve(app, a.download, { ...credential, exposeHeadRoute: false }, async (req, reply) => {
      const file = await openAttachment(
        ctx,
        attachmentCallerOf(req),
        req.params.attachmentNonSequentialID,
        req.ip,
      );
      file.body.on('error', (err) =>
        req.log.error({ err: { message: err.message } }, 'attachment download broke off'),
      );
      return reply
        .type(file.contentType)
        .header('Content-Length', file.size)
        .header('Content-Disposition', contentDisposition('attachment', file.fileName))
        .send(file.body);
    });

    serve(
      app,
      a.importAttachment,
      { preHandler: requirePermission('adtUpload', message('attachments.import.noPermission')) },
      async (req, reply) => {
        const upload = await readMultipartUpload(req, 'attachments.import.badUpload');
        const stored = await importAttachment(
          ctx,
          { kind: 'account', auth: authOf(req) },
          upload.fields,
          upload,
          req.ip,
        );
        return reply.code(201).send(stored);
      },
    );
  };
