import { randomBytes, timingSafeEqual } from 'node:crypto';
import { FHIR_PREFIX, isOwnCredentialPath, message, WORD_CLIENT_PREFIX } from '@quill/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../errors/domainErrors.js';
import { cookieSecure } from './secureCookies.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The 403 answer without a matching X-XSRF-TOKEN header. */
export const CSRF_MESSAGE = message('auth.csrfMissing');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit CSRF protection (ARCHITECTURE §5): the server sets a readable XSRF-TOKEN cookie;
 * every non-GET request must send the same value in X-XSRF-TOKEN, else 403.
 */
export function registerCsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    // The attachments service and the WOPI host take no cookies: their own credential is the proof.
    if (isOwnCredentialPath(req.url)) return;
    // The FHIR API's only post is its token endpoint, which reads no cookie: its proof is the
    // client's signed assertion. Its reads are GETs, as for every other call.
    if (req.url.toLowerCase().startsWith(FHIR_PREFIX)) return;
    const cookie = req.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        secure: cookieSecure(req),
        httpOnly: false,
      });
    }
    if (SAFE.has(req.method)) return;
    // The job view's form post into the Word frame cannot send a header; the page it answers changes
    // nothing and carries the form's own access token. A browser that says the post came from
    // another site is refused all the same.
    if (req.url.toLowerCase().startsWith(WORD_CLIENT_PREFIX)) {
      const site = req.headers['sec-fetch-site'];
      if (site === undefined || site === 'same-origin') return;
      throw forbidden(CSRF_MESSAGE, 'csrf');
    }
    const header = req.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
      throw forbidden(CSRF_MESSAGE, 'csrf');
    }
  });
}
