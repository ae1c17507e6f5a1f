import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { ENDPOINTS, routePattern } from '@quill/core';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { registerAttachmentCaller } from './http/attachmentCredential.js';
import { registerAttachmentsCors } from './http/attachmentsCors.js';
import { registerRefusalAudit } from './http/auditRefusals.js';
import { registerJsonBody } from './http/body/jsonBody.js';
import { registerCsrf } from './http/csrf.js';
import { registerErrorHandling } from './http/errorHandler.js';
import { FHIR_BASE_PATH } from './http/fhir/fhirHttp.js';
import { registerRequestLog } from './http/requestLog.js';
import { compiledSerializerCompiler } from './http/responseSerializer.js';
import { registerSecureCookies } from './http/secureCookies.js';
import { originsOf, registerSecurityHeaders } from './http/securityHeaders.js';
import { registerServerTiming } from './http/serverTiming.js';
import { registerSession } from './http/session.js';
import { findWebDist, registerSpa } from './http/spa.js';
import { registerWopiCaller } from './http/wopi/wopiCaller.js';
import { accountRoutes } from './routes/account/accountRoutes.js';
import { schemeRoutes } from './routes/account/schemeRoutes.js';
import { adtRoutes } from './routes/adt/adtRoutes.js';
import { attachmentRoutes } from './routes/attachments/attachmentRoutes.js';
import { audioRoutes } from './routes/audio/audioRoutes.js';
import { deliveryRoutes } from './routes/delivery/deliveryRoutes.js';
import { helpRoutes } from './routes/documentation/helpRoutes.js';
import { fileRoutes } from './routes/documents/fileRoutes.js';
import { importRoutes } from './routes/documents/importRoutes.js';
import { faxRoutes } from './routes/fax/faxRoutes.js';
import { fhirRoutes } from './routes/fhir/fhirRoutes.js';
import { healthRoutes } from './routes/health/healthRoutes.js';
import { probeRoutes } from './routes/health/probeRoutes.js';
import { interfaceRoutes } from './routes/interop/interfaceRoutes.js';
import { auditTrailRoutes } from './routes/jobEditor/auditTrailRoutes.js';
import { jobReadRoutes } from './routes/jobEditor/jobReadRoutes.js';
import { jobWriteRoutes } from './routes/jobEditor/jobWriteRoutes.js';
import { physicianRoutes } from './routes/jobEditor/physicianRoutes.js';
import { jobActionRoutes } from './routes/jobList/jobActionRoutes.js';
import { jobListRoutes } from './routes/jobList/jobListRoutes.js';
import { jobSearchRoutes } from './routes/jobList/jobSearchRoutes.js';
import { legacyPages } from './routes/legacy/legacyPages.js';
import { productivityRoutes } from './routes/productivity/productivityRoutes.js';
import { profileRoutes } from './routes/profile/profileRoutes.js';
import { adtSetupRoutes } from './routes/referenceData/adtSetupRoutes.js';
import { facilityListsRoutes } from './routes/referenceData/facilityListsRoutes.js';
import { physicianDirectoryRoutes } from './routes/referenceData/physicianDirectoryRoutes.js';
import { referenceRoutes } from './routes/referenceData/referenceRoutes.js';
import { reportRoutes } from './routes/reports/reportRoutes.js';
import { scheduleRoutes } from './routes/schedule/scheduleRoutes.js';
import { settingsRoutes } from './routes/settings/settingsRoutes.js';
import { signingRoutes } from './routes/signing/signingRoutes.js';
import { usersRoutes } from './routes/users/usersRoutes.js';
import { wopiRoutes } from './routes/wopi/wopiRoutes.js';
import { wordRoutes } from './routes/wopi/wordRoutes.js';
import { wordClientRoutes } from './routes/wordClient/wordClientRoutes.js';
import { buildInfo } from './system/buildInfo.js';

export interface BuildAppOptions {
  /** Where the built SPA is; defaults to apps/web/dist when present. null: no SPA. */
  webDist?: string | null;
}

/**
 * TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest the server (as
 * Fastify does for a number, which its types do not list), a list those addresses only.
 */
function trustProxyOption(trust: Config['TRUST_PROXY']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the Fastify app on a context; used by main and by tests through app.inject(). */
export async function buildApp(ctx: AppContext, opts: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers through serializers compiled once per route; under test each is checked against zod.
  app.setSerializerCompiler(compiledSerializerCompiler(ctx.config.NODE_ENV === 'test'));

  await app.register(swagger, {
    openapi: {
      info: { title: 'Quill API', version: buildInfo(ctx.config.APP_VERSION).version },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(cookie, { secret: ctx.cookieSecret });
  registerSecureCookies(app, ctx.config.secureCookies);
  registerSecurityHeaders(app, {
    connectTo: originsOf(ctx.config.ATTACHMENTS_BASE_URL),
    frameTo: originsOf(ctx.config.WOPI_DISCOVERY_URL),
  });
  registerAttachmentsCors(app, ctx.config.ATTACHMENTS_CORS_ORIGINS ?? []);
  registerServerTiming(app);
  registerRequestLog(app);
  registerErrorHandling(app);
  registerJsonBody(app);
  registerCsrf(app);
  registerSession(app, ctx);
  registerRefusalAudit(app, ctx);
  registerAttachmentCaller(app);
  registerWopiCaller(app);

  await app.register(healthRoutes(ctx));
  await app.register(probeRoutes(ctx));
  await app.register(interfaceRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(schemeRoutes(ctx));
  await app.register(settingsRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(productivityRoutes(ctx));
  await app.register(reportRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(referenceRoutes(ctx));
  await app.register(facilityListsRoutes(ctx));
  await app.register(physicianDirectoryRoutes(ctx));
  await app.register(adtSetupRoutes(ctx));
  await app.register(jobListRoutes(ctx));
  await app.register(jobSearchRoutes(ctx));
  await app.register(jobActionRoutes(ctx));
  await app.register(fileRoutes(ctx));
  await app.register(importRoutes(ctx));
  await app.register(faxRoutes(ctx));
  await app.register(signingRoutes(ctx));
  await app.register(deliveryRoutes(ctx));
  await app.register(audioRoutes(ctx));
  await app.register(jobReadRoutes(ctx));
  await app.register(auditTrailRoutes(ctx));
  await app.register(jobWriteRoutes(ctx));
  await app.register(physicianRoutes(ctx));
  await app.register(adtRoutes(ctx));
  await app.register(attachmentRoutes(ctx));
  await app.register(wopiRoutes(ctx));
  await app.register(wordRoutes(ctx));
  await app.register(scheduleRoutes(ctx));
  await app.register(fhirRoutes(ctx), { prefix: FHIR_BASE_PATH });
  await app.register(legacyPages(ctx));
  await app.register(helpRoutes);
  const webDist = opts.webDist === undefined ? findWebDist() : opts.webDist;
  await app.register(wordClientRoutes(ctx, webDist));

  app.get(routePattern(ENDPOINTS.health.openApi.path), { schema: { hide: true } }, async () => app.swagger());
  await registerSpa(app, webDist);
  return app;
}
