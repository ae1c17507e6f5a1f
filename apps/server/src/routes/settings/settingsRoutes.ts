import { ENDPOINTS, message } from '@quill/core';
import { USER_GUIDE_PATH } from '@quill/core/rules/settings/navigation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors/domainErrors.js';
import { serve } from '../../http/serve.js';
import { authOf, requireAccount, requireUser } from '../../http/session.js';
import { activeHeartbeat, idleHeartbeat } from '../../services/auth/sessionHeartbeat.js';
import { getApplicationSettings } from '../../services/settings/getApplicationSettings.js';
import { getUserSettings } from '../../services/settings/getUserSettings.js';
import { configuredLegacyHost, legacyBaseUrl } from '../../services/settings/legacyBaseUrl.js';

const { account } = ENDPOINTS;

/** Spec 02 §2: only the tenant value manager (case-insensitive) is supported. */
export const SUPPORTED_TENANTS = ['manager'] as const;

/** Settings, documentation link and the session heartbeat (spec 01 §7 "Settings and account"). */
export const settingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, account.userSettings, { preHandler: requireAccount }, async (req) =>
      getUserSettings(ctx, authOf(req), configuredLegacyHost(ctx)),
    );

    serve(app, account.fftmUrl, { preHandler: requireUser }, async (req) => ({
      url: legacyBaseUrl(ctx, req),
    }));

    serve(app, account.applicationSettings, { preHandler: requireUser }, async () =>
      getApplicationSettings(ctx),
    );

    serve(app, account.tenantUrl, { preHandler: requireUser }, async (req) => {
      const tenant = req.query.tenant.toLowerCase();
      if (!(SUPPORTED_TENANTS as readonly string[]).includes(tenant)) {
        throw notFound(message('account.tenantNotSupported', { tenant: req.query.tenant }));
      }
      return { url: `${legacyBaseUrl(ctx, req)}/` };
    });

    serve(app, account.documentationLink, { preHandler: requireUser }, async () => ({
      url: ctx.config.DOCUMENTATION_URL ?? USER_GUIDE_PATH,
    }));

    serve(app, account.heartbeatIdle, { preHandler: requireUser }, async (req) => idleHeartbeat(authOf(req)));

    serve(app, account.heartbeatActive, { preHandler: requireUser }, async (req) =>
      activeHeartbeat(ctx, authOf(req)),
    );
  };
