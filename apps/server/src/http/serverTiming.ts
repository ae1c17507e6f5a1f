import { isCallPath } from '@quill/core';
import type { FastifyInstance } from 'fastify';

/**
 * `Server-Timing: app;dur=<ms>` on every API answer: the time from the request's arrival to its
 * answer being sent, as the server measured it. ARCHITECTURE §7 budgets some calls in server
 * time (`getcounts` under 20 ms); `bench/job-list` reads it from here rather than from its own
 * round trip, which adds HTTP and the client. A caller could time the call itself anyway.
 */
export function registerServerTiming(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (isCallPath(req.url)) reply.header('Server-Timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
    return payload;
  });
}
