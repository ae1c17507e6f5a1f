import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** SESSION_COOKIE_SECURE (forced on in production unless set to false). */
    secureCookies: boolean;
  }
}

/** Decorates the app with the SESSION_COOKIE_SECURE setting, for {@link cookieSecure}. */
export function registerSecureCookies(app: FastifyInstance, always: boolean) {
  app.decorate('secureCookies', always);
}

/** True when the request came over https (directly or through a trusted proxy). */
export function isHttps(req: FastifyRequest): boolean {
  return req.protocol === 'https';
}

/**
 * Whether a cookie set on this answer carries Secure: always with SESSION_COOKIE_SECURE (the
 * default in production), else when the request came over https.
 */
export function cookieSecure(req: FastifyRequest): boolean {
  return req.server.secureCookies === true || isHttps(req);
}
