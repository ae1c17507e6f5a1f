import type { FastifyInstance } from 'fastify';
import { pathOnly } from '../system/logger.js';

/**
 * One log line per answered request, at `debug`: a walk through the app makes thousands of
 * requests, and at the default `info` level the console should read as the start banner plus
 * warnings and errors. Operators who want an access log run with LOG_LEVEL=debug and get JSON
 * lines (method, path without its query, status, milliseconds) for their log pipeline.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    req.log.debug(
      {
        method: req.method,
        url: pathOnly(req.url),
        statusCode: reply.statusCode,
        ms: Number(reply.elapsedTime.toFixed(1)),
      },
      'request completed',
    );
  });
}
