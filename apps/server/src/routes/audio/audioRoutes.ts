import { ENDPOINTS, MAX_AUDIO_UPLOAD_BYTES, message } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import {
  multipartUploadLimits,
  readMultipartUpload,
  registerMultipartUploads,
} from '../../http/body/multipartUpload.js';
import { sendError } from '../../http/errorHandler.js';
import { serve } from '../../http/serve.js';
import { authOf, requireAccount, requirePermission } from '../../http/session.js';
import { createJobWithAudio } from '../../services/audio/createJobWithAudio.js';
import { getAudioOptions } from '../../services/audio/getAudioOptions.js';
import { getCreateAudioChoices } from '../../services/audio/getCreateAudioChoices.js';
import { listCreateAudioFacilities } from '../../services/audio/listCreateAudioFacilities.js';
import { recordAudioPlayed } from '../../services/audio/recordAudioPlayed.js';
import { streamJobAudio } from '../../services/audio/streamJobAudio.js';

export interface AudioRoutesOptions {
  /** Largest recording Create with Audio accepts; MAX_AUDIO_UPLOAD_BYTES unless a test says less. */
  maxUploadBytes?: number;
}

const canCreate = requirePermission('jobCreate', message('audio.noCreatePermission'));
const { audio } = ENDPOINTS;

/** Dictation audio: streaming with Range support, the player's options and Create with Audio. */
export const audioRoutes =
  (ctx: AppContext, opts: AudioRoutesOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const maxBytes = opts.maxUploadBytes ?? MAX_AUDIO_UPLOAD_BYTES;
    // Registered in this plugin's scope: its own upload limit applies to its routes only.
    await registerMultipartUploads(app, multipartUploadLimits(maxBytes));

    serve(app, audio.stream, { preHandler: requirePermission('jobView') }, async (req, reply) => {
      const answer = await streamJobAudio(ctx, authOf(req), {
        codec: req.params.codec,
        jobId: req.query.jobId,
        range: req.headers.range,
        ip: req.ip,
        audit: req.method === 'GET',
      });
      reply.headers(answer.headers);
      if (answer.status === 416) {
        return sendError(reply, 416, 'range_not_satisfiable', message('audio.rangeNotSatisfiable'));
      }
      return reply.code(answer.status).send(answer.body);
    });

    serve(app, audio.played, { preHandler: requirePermission('jobView') }, async (req) =>
      recordAudioPlayed(ctx, authOf(req), req.query.jobId, req.ip),
    );

    serve(app, audio.options, { preHandler: requireAccount }, async (req) =>
      getAudioOptions(ctx, authOf(req), req.query.jobId, req.ip),
    );

    serve(app, audio.createFacilities, { preHandler: canCreate }, async (req) =>
      listCreateAudioFacilities(ctx, authOf(req)),
    );

    serve(app, audio.createChoices, { preHandler: canCreate }, async (req) =>
      getCreateAudioChoices(ctx, authOf(req), req.params.clientFacilityId),
    );

    serve(app, audio.createWithAudio, { preHandler: canCreate }, async (req, reply) => {
      const upload = await readMultipartUpload(req, 'audio.badUpload');
      const created = await createJobWithAudio(ctx, authOf(req), upload, req.ip, { maxBytes });
      return reply.code(201).send(created);
    });
  };
