import multipart from '@fastify/multipart';
import {
  AudioOptionsSchema,
  AudioParamsSchema,
  AudioQuerySchema,
  CreateAudioChoicesSchema,
  CreateAudioFacilitiesSchema,
  CreateAudioResponseSchema,
  MAX_AUDIO_UPLOAD_BYTES,
  message,
} from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendError } from '../../http/errorHandler.js';
import { multipartUploadLimits, readMultipartUpload } from '../../http/multipartUpload.js';
import { authOf, requireAccount, requirePermission } from '../../http/session.js';
import { createJobWithAudio } from '../../services/audio/createJobWithAudio.js';
import { getAudioOptions } from '../../services/audio/getAudioOptions.js';
import { getCreateAudioChoices } from '../../services/audio/getCreateAudioChoices.js';
import { listCreateAudioFacilities } from '../../services/audio/listCreateAudioFacilities.js';
import { streamJobAudio } from '../../services/audio/streamJobAudio.js';

export interface AudioRoutesOptions {
  /** Largest recording Create with Audio accepts; MAX_AUDIO_UPLOAD_BYTES unless a test says less. */
  maxUploadBytes?: number;
}

const canCreate = requirePermission('jobCreate', message('audio.noCreatePermission'));
const FacilityParamsSchema = z.object({
  clientFacilityId: z.coerce
    .number({ error: 'clientFacilityId must be a whole number' })
    .int('clientFacilityId must be a whole number')
    .positive('clientFacilityId must be a positive whole number'),
});

/** Dictation audio: streaming with Range support, the player's options and Create with Audio. */
export const audioRoutes =
  (ctx: AppContext, opts: AudioRoutesOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const maxBytes = opts.maxUploadBytes ?? MAX_AUDIO_UPLOAD_BYTES;
    // Registered in this plugin's scope: its own upload limit applies to its routes only.
    await app.register(multipart, { limits: multipartUploadLimits(maxBytes), throwFileSizeLimit: false });

    app.get(
      '/api/Audio/:codec',
      {
        schema: { tags: ['audio'], params: AudioParamsSchema, querystring: AudioQuerySchema },
        preHandler: requirePermission('jobView'),
      },
      async (req, reply) => {
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
      },
    );

    app.get(
      '/api/job/audiooptions',
      {
        schema: { tags: ['audio'], querystring: AudioQuerySchema, response: { 200: AudioOptionsSchema } },
        preHandler: requireAccount,
      },
      async (req) => getAudioOptions(ctx, authOf(req), req.query.jobId),
    );

    app.get(
      '/api/audio/createoptions',
      {
        schema: { tags: ['audio'], response: { 200: CreateAudioFacilitiesSchema } },
        preHandler: canCreate,
      },
      async (req) => listCreateAudioFacilities(ctx, authOf(req)),
    );

    app.get(
      '/api/audio/createoptions/:clientFacilityId',
      {
        schema: {
          tags: ['audio'],
          params: FacilityParamsSchema,
          response: { 200: CreateAudioChoicesSchema },
        },
        preHandler: canCreate,
      },
      async (req) => getCreateAudioChoices(ctx, authOf(req), req.params.clientFacilityId),
    );

    app.post(
      '/api/audio/createwithaudio',
      {
        schema: {
          tags: ['audio'],
          consumes: ['multipart/form-data'],
          response: { 201: CreateAudioResponseSchema },
        },
        preHandler: canCreate,
      },
      async (req, reply) => {
        const upload = await readMultipartUpload(req, 'audio.badUpload');
        const created = await createJobWithAudio(ctx, authOf(req), upload, req.ip, { maxBytes });
        return reply.code(201).send(created);
      },
    );
  };
