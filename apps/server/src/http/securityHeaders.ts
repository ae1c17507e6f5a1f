import { isCallPath } from '@quill/core';
import type { FastifyInstance } from 'fastify';
import { isHttps } from './secureCookies.js';

/** Strict-Transport-Security on answers over https (directly or through a trusted proxy). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** Origins the web app reaches besides this server. */
export interface OtherOrigins {
  /** Called by the browser (a separate attachments service, ATTACHMENTS_BASE_URL). */
  connectTo?: readonly string[];
  /** Shown in a frame and posted to by its form (the WOPI client of WOPI_DISCOVERY_URL). */
  frameTo?: readonly string[];
}

/**
 * ARCHITECTURE §5: security headers on every answer. No inline script is allowed; Mantine writes
 * its CSS variables into a style element, hence 'unsafe-inline' for styles only. Blob and data URLs
 * serve the in-page PDF viewer and the audio player. The Word frame (issue 22) shows this server's
 * own WOPI client page, or the WOPI client of WOPI_DISCOVERY_URL, which its form posts the token to.
 */
function contentSecurityPolicy({ connectTo = [], frameTo = [] }: OtherOrigins): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    ["connect-src 'self'", ...connectTo].join(' '),
    ["frame-src 'self' blob:", ...frameTo].join(' '),
    "object-src 'self' blob:",
    "base-uri 'self'",
    ["form-action 'self'", ...frameTo].join(' '),
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The origin of a URL setting, for the CSP (none when unset). */
export function originsOf(...urls: (string | undefined)[]): string[] {
  return urls.filter((u): u is string => Boolean(u)).map((u) => new URL(u).origin);
}

export function registerSecurityHeaders(app: FastifyInstance, origins: OtherOrigins = {}) {
  const csp = contentSecurityPolicy(origins);
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    // A page carrying a secret (the WOPI client's token) sets a stricter one itself.
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(self), geolocation=(), hid=(self)');
    if (isCallPath(req.url)) reply.header('Cache-Control', 'no-store');
    // Issue 23: browsers that reached Quill over https keep to https (a year, subdomains too).
    if (isHttps(req)) reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
}
