import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies through Fastify's own parser (with its prototype-poisoning protection), except that
 * an empty body reads as no body: calls such as SetUserSummary take none, and many HTTP clients
 * still send `Content-Type: application/json` with them.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body.toString().trim() === '') {
      done(null, undefined);
      return;
    }
    parse(req, body.toString(), done);
  });
}
