import { message } from '@quill/core';
import { USER_GUIDE_PATH } from '@quill/core/rules/settings/navigation';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../errors/domainErrors.js';
import { userGuidePage } from '../../services/documentation/userGuide.js';

/**
 * Quill's own documentation: the user guide (docs/user-guide.md) as a page at /help, which
 * GET /api/documentation/link answers when no DOCUMENTATION_URL is configured. It holds no
 * patient or account data, so it is open without signing in (as the docs of a product are).
 */
export const helpRoutes: FastifyPluginAsync = async (app) => {
  app.get(USER_GUIDE_PATH, { schema: { hide: true } }, async (_req, reply) => {
    const page = userGuidePage(message('help.title'));
    if (!page) throw notFound(message('help.missing'));
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  });
};
