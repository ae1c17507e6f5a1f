import { API_PREFIX } from '@quill/core';
import type { FastifyInstance } from 'fastify';

/**
 * ARCHITECTURE §5: security headers on every answer. No inline script is allowed; Mantine writes
 * its CSS variables into a style element, hence 'unsafe-inline' for styles only. Blob and data URLs
 * serve the in-page PDF viewer and the audio player.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'self' blob:",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(self), geolocation=(), hid=(self)');
    if (req.url.toLowerCase().startsWith(API_PREFIX)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
