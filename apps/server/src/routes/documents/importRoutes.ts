import multipart from '@fastify/multipart';
import { ENDPOINTS, MAX_DOCUMENT_IMPORT_BYTES, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { multipartUploadLimits, readMultipartUpload } from '../../http/multipartUpload.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { importDocument } from '../../services/documents/importDocument.js';

/** Document intake: how documents from transcription and speech-recognition engines reach a job. */
export const importRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Encapsulated: multipart bodies are taken by this plugin's route only.
    await app.register(multipart, {
      limits: multipartUploadLimits(MAX_DOCUMENT_IMPORT_BYTES),
      throwFileSizeLimit: false,
    });

    serve(
      app,
      ENDPOINTS.documents.importDocument,
      { preHandler: requirePermission('jobEdit', message('documents.import.noPermission')) },
      async (req, reply) => {
        const upload = await readMultipartUpload(req, 'documents.import.noFile');
        const imported = await importDocument(
          ctx,
          { kind: 'account', auth: authOf(req) },
          req.params.jobId,
          upload,
          req.ip,
        );
        return reply.code(201).send(imported);
      },
    );
  };
