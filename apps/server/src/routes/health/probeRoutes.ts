import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { databaseAnswers, migrationsApplied } from '../../services/health/runHealthChecks.js';

/**
 * The load balancer's and orchestrator's probes (issue 45), outside the API and its sign-in:
 * `/livez` answers at once while the process serves (nothing else is asked); `/readyz` answers
 * 200 when the database answers and this build's migrations are all applied, else 503 with the
 * check that failed — cheap enough to be called every few seconds (two small statements).
 */
export const probeRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.get('/livez', async (_req, reply) => reply.type('text/plain').send('ok'));
    app.get('/readyz', async (_req, reply) => {
      const failed = await firstFailure(ctx);
      return reply
        .code(failed ? 503 : 200)
        .send(failed ? { status: 'not ready', reason: failed } : { status: 'ready' });
    });
  };

async function firstFailure(ctx: AppContext): Promise<string | null> {
  try {
    for (const check of [databaseAnswers, migrationsApplied]) {
      const { ok, detail } = await check(ctx);
      if (!ok) return detail;
    }
    return null;
  } catch (err) {
    // The database's own words (a connection error), never a statement's parameters.
    return `The database could not be asked: ${(err as Error).message}`;
  }
}
