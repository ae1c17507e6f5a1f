import type { FastifyInstance } from 'fastify';
import { bodyText, formComponent } from './strictUtf8.js';

/**
 * HTML form posts (`application/x-www-form-urlencoded`) as an object of their fields, for the
 * routes of the plugin it is registered in only (Fastify encapsulation); at most `bodyLimit` bytes.
 * A field given twice keeps its last value; the route's schema drops fields it does not name. Bytes
 * or percent-escapes that are not UTF-8 answer 400, as a JSON body's do (issue 41).
 */
export function registerFormBody(app: FastifyInstance, bodyLimit: number) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit },
    (_req, body, done) => {
      try {
        const fields = new Map<string, string>();
        for (const pair of bodyText(body as Buffer).split('&')) {
          if (pair === '') continue;
          const at = pair.indexOf('=');
          const name = formComponent(at < 0 ? pair : pair.slice(0, at));
          fields.set(name, at < 0 ? '' : formComponent(pair.slice(at + 1)));
        }
        done(null, Object.fromEntries(fields));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
}
