import { CONFIRM_PATIENT_FIELD, ENDPOINTS, MAX_DOCUMENT_IMPORT_BYTES, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import {
  multipartUploadLimits,
  readMultipartUpload,
  registerMultipartUploads,
} from '../../http/body/multipartUpload.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { importDocument } from '../../services/documents/importDocument.js';

/** Document intake: how documents from transcription and speech-recognition engines reach a job. */
export const importRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Encapsulated: multipart bodies are taken by this plugin's route only.
    // A confirmation's reason (≤ 500 characters) may take up to 2000 bytes of UTF-8.
    await registerMultipartUploads(app, multipartUploadLimits(MAX_DOCUMENT_IMPORT_BYTES, 4096));

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
          // Issue 40: the reason confirming a document about another patient than the job's.
          { confirmPatient: upload.fields[CONFIRM_PATIENT_FIELD] },
        );
        return reply.code(201).send(imported);
      },
    );
  };
