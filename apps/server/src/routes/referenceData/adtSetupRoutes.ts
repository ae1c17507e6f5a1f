import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/** Reference data (issue 26): TODO helper fills these routes. */
export const adtSetupRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
