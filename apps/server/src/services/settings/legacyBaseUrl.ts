import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

/** The legacy host (fftmBaseUrl): LEGACY_BASE_URL, or this server, which answers the legacy paths. */
export function legacyBaseUrl(ctx: AppContext, req: FastifyRequest): string {
  if (ctx.config.LEGACY_BASE_URL) return ctx.config.LEGACY_BASE_URL.replace(/\/+$/, '');
  return `${req.protocol}://${req.host}`;
}

/**
 * The user settings' fftmBaseUrl: the configured legacy host, or '' when there is none — the web
 * app then opens Job Search and a job's id in Quill, and the other legacy paths on this server.
 */
export function configuredLegacyHost(ctx: AppContext): string {
  return ctx.config.LEGACY_BASE_URL ? ctx.config.LEGACY_BASE_URL.replace(/\/+$/, '') : '';
}
