import { ENDPOINTS } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf } from '../../http/session.js';
import { listReferenceFacilities } from '../../services/referenceData/listReferenceFacilities.js';
import { REFERENCE_VIEW } from './referenceGates.js';

const { reference } = ENDPOINTS;

/** The Reference data page's facility choice (issue 26). */
export const referenceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, reference.facilities, REFERENCE_VIEW, async (req) =>
      listReferenceFacilities(ctx, authOf(req)),
    );
  };
