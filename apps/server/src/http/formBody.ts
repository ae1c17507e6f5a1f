import type { FastifyInstance } from 'fastify';

/**
 * HTML form posts (`application/x-www-form-urlencoded`) as an object of their fields, for the
 * routes of the plugin it is registered in only (Fastify encapsulation); at most `bodyLimit` bytes.
 * A field given twice keeps its last value; the route's schema drops fields it does not name.
 */
export function registerFormBody(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    },
  );
}
