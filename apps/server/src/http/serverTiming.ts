import { isCallPath } from '@quill/core';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** Milliseconds since arrival when each phase ended (serverTiming.ts). */
    phases: { session: number; checked: number; handled: number } | null;
  }
}

/**
 * `Server-Timing` on every API answer (issue 24): where the server's time went, in the phases of a
 * Fastify request —
 * - `session`: the onRequest hooks, the session lookup above all (http/session.ts);
 * - `handler`: the route's checks and its service (queries, audit) up to the answer object;
 * - `serialize`: turning the answer into JSON through its compiled schema;
 * - `app`: from the request's arrival to its answer being sent (what `bench/job-list` reads).
 * A phase a call does not go through (a file answer is not serialized) is left out.
 */
export function registerServerTiming(app: FastifyInstance) {
  app.decorateRequest('phases', null);
  const since = (at: number, to: number) => Math.max(0, to - at).toFixed(1);
  app.addHook('preParsing', async (req, reply) => {
    req.phases = { session: reply.elapsedTime, checked: Number.NaN, handled: Number.NaN };
  });
  app.addHook('preHandler', async (req, reply) => {
    if (req.phases) req.phases.checked = reply.elapsedTime;
  });
  app.addHook('preSerialization', async (req, reply, payload) => {
    if (req.phases) req.phases.handled = reply.elapsedTime;
    return payload;
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!isCallPath(req.url)) return payload;
    const total = reply.elapsedTime;
    const parts: string[] = [];
    const p = req.phases;
    if (p) {
      parts.push(`session;dur=${p.session.toFixed(1)}`);
      if (!Number.isNaN(p.checked)) {
        const handled = Number.isNaN(p.handled) ? total : p.handled;
        parts.push(`handler;dur=${since(p.checked, handled)}`);
        if (!Number.isNaN(p.handled)) parts.push(`serialize;dur=${since(p.handled, total)}`);
      }
    }
    parts.push(`app;dur=${total.toFixed(1)}`);
    reply.header('Server-Timing', parts.join(', '));
    return payload;
  });
}
