import {
  ApplicationSettingsSchema,
  message,
  RemainingSecondsSchema,
  TenantQuerySchema,
  UrlResponseSchema,
  UserSettingsSchema,
} from '@quill/core';
import { USER_GUIDE_PATH } from '@quill/core/rules/navigation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/httpError.js';
import { authOf, requireAccount, requireUser } from '../../http/session.js';
import { activeHeartbeat, idleHeartbeat } from '../../services/auth/sessionHeartbeat.js';
import { getApplicationSettings } from '../../services/settings/getApplicationSettings.js';
import { getUserSettings } from '../../services/settings/getUserSettings.js';
import { configuredLegacyHost, legacyBaseUrl } from '../../services/settings/legacyBaseUrl.js';

/** Spec 02 §2: only the tenant value manager (case-insensitive) is supported. */
export const SUPPORTED_TENANTS = ['manager'] as const;

/** Settings, documentation link and the session heartbeat (spec 01 §7 "Settings and account"). */
export const settingsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings/user',
      { schema: { tags: ['settings'], response: { 200: UserSettingsSchema } }, preHandler: requireAccount },
      async (req) => getUserSettings(ctx, authOf(req), configuredLegacyHost(ctx)),
    );

    app.get(
      '/api/settings/fftmUrl',
      { schema: { tags: ['settings'], response: { 200: UrlResponseSchema } }, preHandler: requireUser },
      async (req) => ({ url: legacyBaseUrl(ctx, req) }),
    );

    app.get(
      '/api/settings/applicationSettings',
      {
        schema: { tags: ['settings'], response: { 200: ApplicationSettingsSchema } },
        preHandler: requireUser,
      },
      async () => getApplicationSettings(ctx),
    );

    app.get(
      '/api/settings/tenantUrl',
      {
        schema: { tags: ['settings'], querystring: TenantQuerySchema, response: { 200: UrlResponseSchema } },
        preHandler: requireUser,
      },
      async (req) => {
        const tenant = req.query.tenant.toLowerCase();
        if (!(SUPPORTED_TENANTS as readonly string[]).includes(tenant)) {
          throw new HttpError(404, message('account.tenantNotSupported', { tenant: req.query.tenant }));
        }
        return { url: `${legacyBaseUrl(ctx, req)}/` };
      },
    );

    app.get(
      '/api/documentation/link',
      { schema: { tags: ['settings'], response: { 200: UrlResponseSchema } }, preHandler: requireUser },
      async () => ({ url: ctx.config.DOCUMENTATION_URL ?? USER_GUIDE_PATH }),
    );

    app.get(
      '/api/heartbeat/Idle',
      { schema: { tags: ['session'], response: { 200: RemainingSecondsSchema } }, preHandler: requireUser },
      async (req) => idleHeartbeat(authOf(req)),
    );

    app.get(
      '/api/heartbeat/Active',
      { schema: { tags: ['session'], response: { 200: RemainingSecondsSchema } }, preHandler: requireUser },
      async (req) => activeHeartbeat(ctx, authOf(req)),
    );

    app.get(
      '/api/Account/GetAttachmentApiCredentials',
      { schema: { tags: ['account'] }, preHandler: requireAccount },
      async () => {
        throw new HttpError(503, message('account.attachmentsUnavailable'));
      },
    );
  };
