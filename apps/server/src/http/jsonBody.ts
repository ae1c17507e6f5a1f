import { message } from '@quill/core';
import type { FastifyInstance } from 'fastify';
import { invalid } from '../errors/domainErrors.js';

/** Strict: a byte sequence that is not UTF-8 throws rather than becoming U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

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
      text = utf8.decode(body as Buffer);
    } catch {
      done(invalid(message('api.badUtf8')), undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(req, text, done);
  });
}
