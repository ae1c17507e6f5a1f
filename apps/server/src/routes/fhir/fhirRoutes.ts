import { message } from '@quill/core';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import {
  fhirBase,
  fhirErrorHandler,
  NotAcceptable,
  refusalOf,
  sendResource,
  takesFhirJson,
  tokenUrl,
  wantsFhirJson,
} from '../../http/fhir/fhirHttp.js';
import { SESSION_COOKIE } from '../../http/session.js';
import {
  capabilityStatement,
  SEARCH_PARAMS,
  smartConfiguration,
  TOKEN_PATH,
} from '../../interop/fhir/capabilityStatement.js';
import { operationOutcome } from '../../interop/fhir/operationOutcome.js';
import { searchBundle } from '../../interop/fhir/resources.js';
import type { FhirResourceType } from '../../interop/fhir/scopes.js';
import { parseSearch, type SearchRequest } from '../../interop/fhir/searchParams.js';
import type { FhirCaller } from '../../services/fhir/fhirCaller.js';
import { issueFhirToken, type TokenRequest } from '../../services/fhir/issueFhirToken.js';
import { readFhirBinary } from '../../services/fhir/readFhirBinary.js';
import { resolveFhirCaller } from '../../services/fhir/resolveFhirCaller.js';
import {
  readDocumentReference,
  searchDocumentReferences,
} from '../../services/fhir/searchDocumentReferences.js';
import { findFhirEncounters, findFhirPatients } from '../../services/fhir/searchFhirPatients.js';
import { buildInfo } from '../../system/buildInfo.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The resource type a FHIR route reads (its refusals are audited as such). */
    fhirType?: FhirResourceType;
    /** A FHIR route anyone may call: the CapabilityStatement, the SMART configuration, the token endpoint. */
    fhirPublic?: boolean;
  }
}

/** The longest token request body (an assertion of 8,192 characters and the form's other fields). */
const TOKEN_BODY_LIMIT = 16 * 1024;

type Page = { resources: { resourceType: string; id: string }[]; hasMore: boolean };

/** The self, previous and next links of a search page: the request's own query with `_offset` moved. */
function pageLinks(
  base: string,
  req: FastifyRequest,
  type: string,
  offset: number,
  count: number,
  hasMore: boolean,
) {
  const query = new URL(req.url, 'http://quill').searchParams;
  const at = (o: number) => {
    const q = new URLSearchParams(query);
    q.set('_count', String(count));
    q.set('_offset', String(o));
    return `${base}/${type}?${q.toString()}`;
  };
  return {
    self: at(offset),
    previous: offset > 0 ? at(Math.max(0, offset - count)) : null,
    next: hasMore ? at(offset + count) : null,
  };
}

/** The OAuth error answer of the token endpoint (RFC 6749 §5.2), which SMART clients read. */
function tokenErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const refusal = refusalOf(err);
  if (!refusal) {
    req.log.error({ err }, 'unexpected server error');
    return reply.code(500).send({ error: 'server_error', error_description: message('api.internal') });
  }
  const error = refusal.oauth ?? (refusal.status === 401 ? 'invalid_client' : 'invalid_request');
  return reply
    .code(refusal.status)
    .header('Cache-Control', 'no-store')
    .send({ error, error_description: refusal.text });
}

/**
 * The FHIR R4 API (issue 44) under /fhir/R4: the CapabilityStatement, SMART Backend Services'
 * token endpoint, and reads and searches of DocumentReference, Binary, Patient and Encounter. JSON
 * only; every error an OperationOutcome (the token endpoint's, OAuth's error shape).
 */
export const fhirRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.decorateRequest('fhirCaller', null);
    app.setErrorHandler(fhirErrorHandler(ctx));
    app.setNotFoundHandler(async (req, reply) =>
      sendResource(
        reply,
        operationOutcome(
          'not-supported',
          message('fhir.unknownPath', { method: req.method, path: req.url.split('?')[0]!.slice(0, 100) }),
        ),
        404,
      ),
    );
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: TOKEN_BODY_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    // JSON only: a caller that takes neither FHIR JSON nor (for a Binary) raw bytes gets a 406.
    app.addHook('preValidation', async (req) => {
      const binary = req.routeOptions.config.fhirType === 'Binary';
      if (req.method === 'GET' && !binary && !takesFhirJson(req))
        throw new NotAcceptable(message('fhir.notAcceptable'));
      const format = (req.query as Record<string, unknown> | undefined)?._format;
      if (binary && format !== undefined && !takesFhirJson(req))
        throw new NotAcceptable(message('fhir.notAcceptable'));
    });
    app.addHook('preHandler', async (req) => {
      if (req.routeOptions.config.fhirPublic) return;
      const header = req.headers.authorization;
      const bearer = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? (header ? '' : null);
      req.fhirCaller = await resolveFhirCaller(ctx, {
        bearer,
        sessionToken: req.cookies[SESSION_COOKIE] ?? null,
        ip: req.ip,
        tokenUrl: tokenUrl(ctx, req),
      });
    });

    // Outside the OpenAPI document of /api: the CapabilityStatement describes this API.
    const hidden = { exposeHeadRoute: false, schema: { hide: true } };
    const open = { ...hidden, config: { fhirPublic: true } };
    app.get('/metadata', open, async (req, reply) =>
      sendResource(reply, capabilityStatement(fhirBase(ctx, req), buildInfo(ctx.config.APP_VERSION))),
    );
    app.get('/.well-known/smart-configuration', open, async (req, reply) =>
      reply.type('application/json; charset=utf-8').send(smartConfiguration(fhirBase(ctx, req))),
    );
    app.post(
      TOKEN_PATH,
      { ...open, bodyLimit: TOKEN_BODY_LIMIT, errorHandler: tokenErrorHandler },
      async (req, reply) => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const field = (name: keyof TokenRequest) =>
          typeof body[name] === 'string' ? (body[name] as string) : undefined;
        const answer = await issueFhirToken(ctx, {
          grant_type: field('grant_type'),
          client_assertion_type: field('client_assertion_type'),
          client_assertion: field('client_assertion'),
          scope: field('scope'),
          tokenUrl: tokenUrl(ctx, req),
          ip: req.ip,
        });
        return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(answer);
      },
    );

    const typed = (type: FhirResourceType) => ({ ...hidden, config: { fhirType: type } });
    const caller = (req: FastifyRequest) => req.fhirCaller!;
    const query = (req: FastifyRequest) => req.query as Record<string, unknown>;
    const id = (req: FastifyRequest) => (req.params as { id: string }).id;
    /** A search route: its query read against the type's parameters, its page answered as a Bundle. */
    const searchRoute = (
      type: keyof typeof SEARCH_PARAMS,
      find: (c: FhirCaller, s: SearchRequest) => Promise<Page>,
    ) =>
      app.get(`/${type}`, typed(type), async (req, reply) => {
        const search = parseSearch(type, query(req), SEARCH_PARAMS[type]);
        const page = await find(caller(req), search);
        const base = fhirBase(ctx, req);
        const links = pageLinks(base, req, type, search.offset, search.count, page.hasMore);
        return sendResource(reply, searchBundle(base, links, page.resources));
      });

    searchRoute('DocumentReference', (c, s) => searchDocumentReferences(ctx, c, s));
    searchRoute('Patient', (c, s) => findFhirPatients(ctx, c, s));
    searchRoute('Encounter', (c, s) => findFhirEncounters(ctx, c, s));
    app.get('/DocumentReference/:id', typed('DocumentReference'), async (req, reply) =>
      sendResource(reply, await readDocumentReference(ctx, caller(req), id(req))),
    );
    app.get('/Patient/:id', typed('Patient'), async (req, reply) =>
      sendResource(reply, (await findFhirPatients(ctx, caller(req), { id: id(req) })).resources[0]),
    );
    app.get('/Encounter/:id', typed('Encounter'), async (req, reply) =>
      sendResource(reply, (await findFhirEncounters(ctx, caller(req), { id: id(req) })).resources[0]),
    );
    app.get('/Binary/:id', typed('Binary'), async (req, reply) => {
      const binary = await readFhirBinary(ctx, caller(req), id(req));
      if (wantsFhirJson(req)) {
        return sendResource(reply, {
          resourceType: 'Binary',
          id: binary.id,
          contentType: binary.contentType,
          data: binary.bytes.toString('base64'),
        });
      }
      return reply.type(binary.contentType).send(binary.bytes);
    });
  };
