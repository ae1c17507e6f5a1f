import { ENDPOINTS, message, wopiFileIdOf } from '@quill/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod as ZodPlugin } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { invalid, unavailable } from '../../errors/domainErrors.js';
import { registerFormBody } from '../../http/body/formBody.js';
import { serve } from '../../http/serve.js';
import { loadWordClientTemplate, sendWordClientPage } from '../../http/wopi/wordClientPage.js';

const { wordClient } = ENDPOINTS;
/** The job view's form has two short fields (a token of at most 4 KiB and a number). */
const FORM_LIMIT = 16 * 1024;

/** This server's origins: PUBLIC_URL's, and the one the browser used. */
function ownOrigins(ctx: AppContext, req: FastifyRequest): string[] {
  const used = `${req.protocol}://${req.host}`;
  return ctx.config.PUBLIC_URL ? [ctx.config.PUBLIC_URL, used] : [used];
}

/**
 * The embedded WOPI client page (issue 22): the job view posts its frame's form here when no
 * external WOPI client is configured. No session is needed: the access token in the form is the
 * proof, and the page sends it only to a WOPISrc of this server's WOPI host (checked here, 400
 * otherwise, and again by the page). The page is read once from the built web app.
 */
export const wordClientRoutes =
  (ctx: AppContext, webDist: string | null): ZodPlugin =>
  async (app) => {
    registerFormBody(app, FORM_LIMIT);
    const template = loadWordClientTemplate(webDist);
    const page = () => {
      if (!template) throw unavailable(message('wordClient.notBuilt'));
      return template;
    };

    serve(app, wordClient.open, { bodyLimit: FORM_LIMIT }, async (req, reply) => {
      const { mode, WOPISrc } = req.query;
      if (!wopiFileIdOf(WOPISrc, ownOrigins(ctx, req))) throw invalid(message('wordClient.foreignWopiSrc'));
      const token = req.body.access_token;
      const tokenTtl = Number(req.body.access_token_ttl || 0);
      return sendWordClientPage(
        reply,
        page(),
        token ? { kind: 'open', mode, wopiSrc: WOPISrc, token, tokenTtl } : { kind: 'noToken' },
      );
    });

    serve(app, wordClient.reload, {}, async (_req, reply) =>
      sendWordClientPage(reply, page(), { kind: 'noToken' }),
    );
  };
