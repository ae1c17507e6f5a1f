import type { FastifyInstance } from 'fastify';
import { bodyText } from './strictUtf8.js';

/**
 * JSON bodies through Fastify's own parser (with its prototype-poisoning protection), except that
 * an empty body reads as no body: calls such as SetUserSummary take none, and many HTTP clients
 * still send `Content-Type: application/json` with them. JSON is UTF-8 (RFC 8259): a body that is
 * not valid UTF-8 is refused with a 400 (issue 41) instead of being stored with U+FFFD in place
 * of the bytes it could not read.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    let text: string;
    try {
      text = bodyText(body as Buffer);
    } catch (err) {
      done(err as Error, undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(req, text, done);
  });
}
