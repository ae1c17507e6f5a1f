import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, isCallPath, message } from '@quill/core';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errorHandler.js';
import { WORD_CLIENT_HTML } from './wopi/wordClientPage.js';

/** The built SPA (apps/web/dist), found from this file whether bundled or not. */
export function findWebDist(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'apps', 'web', 'dist');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    const sibling = join(dir, 'web', 'dist');
    if (existsSync(join(sibling, 'index.html'))) return sibling;
    dir = dirname(dir);
  }
  return null;
}

/**
 * Serves the SPA with history fallback: any GET outside /api that is not a file answers
 * index.html, so client routes survive a reload. Unknown /api (/Attachments, /wopi) paths answer 404
 * in the error shape.
 */
export async function registerSpa(app: FastifyInstance, webDist: string | null) {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      // The WOPI client page is served by its route, with its token and headers, never as a file.
      allowedPath: (path) => path.replace(/^\/+/, '').toLowerCase() !== WORD_CLIENT_HTML,
      setHeaders: (res, path) => {
        res.header(
          'Cache-Control',
          path.includes(`${join('dist', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const isApi = isCallPath(`${path}/`);
    if (!isApi && webDist && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html');
    }
    return sendError(
      reply,
      404,
      ERROR_CODES[404],
      isApi ? message('api.routeNotFound', { method: req.method, path }) : message('api.notFound'),
    );
  });
}
