import { ENDPOINTS } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf } from '../../http/session.js';
import { addDirectoryPhysician } from '../../services/referenceData/physicians/addDirectoryPhysician.js';
import { getDirectoryPhysician } from '../../services/referenceData/physicians/getDirectoryPhysician.js';
import { mergePhysicians } from '../../services/referenceData/physicians/mergePhysicians.js';
import { physicianLinkChoices } from '../../services/referenceData/physicians/physicianLinkChoices.js';
import { saveDirectoryPhysician } from '../../services/referenceData/physicians/saveDirectoryPhysician.js';
import { searchPhysicianDirectory } from '../../services/referenceData/physicians/searchPhysicianDirectory.js';
import { setPhysicianDisabled } from '../../services/referenceData/physicians/setPhysicianDisabled.js';
import { REFERENCE_EDIT, REFERENCE_VIEW } from './referenceGates.js';

const { physicianDirectory: d } = ENDPOINTS;

/** The physician directory of a client facility (issue 26), and the physicians an account may link to. */
export const physicianDirectoryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, d.search, REFERENCE_VIEW, async (req) =>
      searchPhysicianDirectory(ctx, authOf(req), req.params.cfId, req.query),
    );
    serve(app, d.physician, REFERENCE_VIEW, async (req) =>
      getDirectoryPhysician(ctx, authOf(req), req.params.cfId, req.params.physicianId),
    );
    serve(app, d.add, REFERENCE_EDIT, async (req) =>
      addDirectoryPhysician(ctx, authOf(req), req.params.cfId, req.body, req.ip),
    );
    serve(app, d.save, REFERENCE_EDIT, async (req) =>
      saveDirectoryPhysician(ctx, authOf(req), req.params.cfId, req.params.physicianId, req.body, req.ip),
    );
    serve(app, d.disable, REFERENCE_EDIT, async (req) =>
      setPhysicianDisabled(ctx, authOf(req), req.params.cfId, req.params.physicianId, true, req.ip),
    );
    serve(app, d.enable, REFERENCE_EDIT, async (req) =>
      setPhysicianDisabled(ctx, authOf(req), req.params.cfId, req.params.physicianId, false, req.ip),
    );
    serve(app, d.merge, REFERENCE_EDIT, async (req) =>
      mergePhysicians(
        ctx,
        authOf(req),
        req.params.cfId,
        req.params.physicianId,
        req.body.duplicateId,
        req.ip,
      ),
    );
    serve(app, d.linkChoices, REFERENCE_VIEW, async (req) =>
      physicianLinkChoices(ctx, authOf(req), req.query),
    );
  };
