import { ENDPOINTS } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf, requirePermission } from '../../http/session.js';
import { createUser } from '../../services/users/createUser.js';
import { getGrantable } from '../../services/users/getGrantable.js';
import { getUser } from '../../services/users/getUser.js';
import {
  newPasswordLinkFor,
  readPasswordLink,
  setPasswordWithLink,
} from '../../services/users/passwordLinks.js';
import { saveUser } from '../../services/users/saveUser.js';
import { searchUsers } from '../../services/users/searchUsers.js';
import { setUserDisabled } from '../../services/users/setUserDisabled.js';

const { users } = ENDPOINTS;

/** User administration (spec 01 §6: Search needs dictatorView, Add dictatorAdd; issue 26) and the set-password link. */
export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const view = { preHandler: requirePermission('dictatorView') };
    const add = { preHandler: requirePermission('dictatorAdd') };

    serve(app, users.search, view, async (req) => searchUsers(ctx, authOf(req), req.query, req.ip));
    serve(app, users.grantable, add, async (req) => getGrantable(ctx, authOf(req)));
    serve(app, users.user, view, async (req) => getUser(ctx, authOf(req), req.params.userId));
    serve(app, users.create, add, async (req) => createUser(ctx, authOf(req), req.body, req.ip));
    serve(app, users.save, add, async (req) =>
      saveUser(ctx, authOf(req), req.params.userId, req.body, req.ip),
    );
    serve(app, users.disable, add, async (req) =>
      setUserDisabled(ctx, authOf(req), req.params.userId, true, req.ip),
    );
    serve(app, users.enable, add, async (req) =>
      setUserDisabled(ctx, authOf(req), req.params.userId, false, req.ip),
    );
    serve(app, users.passwordLink, add, async (req) =>
      newPasswordLinkFor(ctx, authOf(req), req.params.userId, req.ip),
    );
    serve(app, users.passwordLinkInfo, {}, async (req) => readPasswordLink(ctx, req.body.token));
    serve(app, users.setPassword, {}, async (req) => {
      await setPasswordWithLink(ctx, req.body, req.ip);
      return { success: true as const };
    });
  };
