import { ENDPOINTS } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requireUser } from '../../http/session.js';
import { changeMyPassword } from '../../services/profile/changeMyPassword.js';
import { endMyOtherSessions } from '../../services/profile/endMyOtherSessions.js';
import { getMyProfile } from '../../services/profile/getMyProfile.js';
import { saveMyDetails } from '../../services/profile/saveMyDetails.js';

const { profile } = ENDPOINTS;

/** My Profile: the signed-in user's own details, password and sessions (issue 26). */
export const profileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, profile.profile, { preHandler: requireUser }, async (req) => getMyProfile(ctx, authOf(req)));
    serve(app, profile.saveDetails, { preHandler: requireUser }, async (req) =>
      saveMyDetails(ctx, authOf(req), req.body, req.ip),
    );
    serve(app, profile.changePassword, { preHandler: requireUser }, async (req) =>
      changeMyPassword(ctx, authOf(req), req.body, req.ip),
    );
    serve(app, profile.endOtherSessions, { preHandler: requireUser }, async (req) =>
      endMyOtherSessions(ctx, authOf(req), req.ip),
    );
  };
