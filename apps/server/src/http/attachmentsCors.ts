import { ATTACHMENTS_PREFIX } from '@quill/core';
import type { FastifyInstance } from 'fastify';

/**
 * CORS for the attachments service when it is a separate deployment (ATTACHMENTS_BASE_URL on the
 * Quill that sends browsers here, ATTACHMENTS_CORS_ORIGINS here): the listed web origins may call
 * `/Attachments/…` with the Authorization header and read the download's file name. No cookies
 * are allowed across origins: the basic credential is the only proof. Other origins get no CORS
 * headers, so their browsers refuse the answer.
 */
export function registerAttachmentsCors(app: FastifyInstance, origins: readonly string[]) {
  if (origins.length === 0) return;
  const allowed = new Set(origins.map((o) => o.toLowerCase()));
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.toLowerCase().startsWith(ATTACHMENTS_PREFIX)) return;
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin.toLowerCase())) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    reply.header('Access-Control-Expose-Headers', 'Content-Disposition, Content-Length');
    if (req.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET');
      reply.header('Access-Control-Allow-Headers', 'Authorization');
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
