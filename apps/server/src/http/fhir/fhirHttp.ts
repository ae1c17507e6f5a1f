import { message } from '@quill/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { databaseUnavailable } from '../../db/connectionLost.js';
import { DomainError } from '../../errors/domainErrors.js';
import { STATUS_OF_KIND } from '../../http/errorHandler.js';
import { TOKEN_PATH } from '../../interop/fhir/capabilityStatement.js';
import { ISSUE_OF_KIND, type IssueCode, operationOutcome } from '../../interop/fhir/operationOutcome.js';
import { auditFhir, type FhirCaller } from '../../services/fhir/fhirCaller.js';

export const FHIR_BASE_PATH = '/fhir/R4';
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

declare module 'fastify' {
  interface FastifyRequest {
    fhirCaller: FhirCaller | null;
  }
}

/** The FHIR base URL as the caller reaches it: PUBLIC_URL, else the address the request came to. */
export function fhirBase(ctx: AppContext, req: FastifyRequest): string {
  const origin = ctx.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
  return `${origin.replace(/\/+$/, '')}${FHIR_BASE_PATH}`;
}

export const tokenUrl = (ctx: AppContext, req: FastifyRequest) => `${fhirBase(ctx, req)}${TOKEN_PATH}`;

/** Sends a FHIR resource as application/fhir+json. */
export function sendResource(reply: FastifyReply, resource: unknown, status = 200) {
  return reply.code(status).type(FHIR_JSON).send(JSON.stringify(resource));
}

const JSON_TYPES = ['application/fhir+json', 'application/json+fhir', 'application/json'];
const JSON_FORMATS = new Set(['json', ...JSON_TYPES]);

/** The media types an Accept header names (parameters and weights dropped; q=0 ones left out). */
function acceptedTypes(accept: string | undefined): string[] {
  if (!accept?.trim()) return ['*/*'];
  return accept
    .split(',')
    .map((part) => part.split(';'))
    .filter((params) => !params.slice(1).some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
    .map((params) => params[0]!.trim().toLowerCase());
}

/** Whether the caller takes FHIR JSON: `_format` json (it wins), or an Accept that allows it. */
export function takesFhirJson(req: FastifyRequest): boolean {
  const format = (req.query as Record<string, unknown> | undefined)?._format;
  if (format !== undefined) return typeof format === 'string' && JSON_FORMATS.has(format.toLowerCase());
  return acceptedTypes(req.headers.accept).some(
    (t) => t === '*/*' || t === 'application/*' || JSON_TYPES.includes(t),
  );
}

/** Whether the caller asked for the FHIR JSON of a Binary (not its raw bytes). */
export function wantsFhirJson(req: FastifyRequest): boolean {
  const format = (req.query as Record<string, unknown> | undefined)?._format;
  if (format !== undefined) return takesFhirJson(req);
  return acceptedTypes(req.headers.accept).some((t) => JSON_TYPES.includes(t));
}

/** A caller that takes none of the media types served (406). */
export class NotAcceptable extends Error {}

/** Fastify's own refusals (a body too large, a media type it does not parse) in FHIR's words. */
function fastifyRefusal(err: FastifyError): { status: number; code: IssueCode; text: string } | null {
  const status = err.statusCode ?? 500;
  if (status < 400 || status >= 500) return null;
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { status, code: 'too-long', text: message('api.tooLarge') };
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status, code: 'not-supported', text: message('api.unsupportedMediaType') };
  }
  return { status, code: 'invalid', text: message('api.badRequest', { detail: err.message }) };
}

/** What an error answers: its status, issue code, words and the OAuth error code of a 401/403. */
export function refusalOf(err: FastifyError) {
  const domain = err instanceof DomainError ? err : databaseUnavailable(err);
  if (domain) {
    return {
      status: Number(STATUS_OF_KIND[domain.kind]),
      code: ISSUE_OF_KIND[domain.kind],
      text: domain.message,
      oauth: domain.code,
      kind: domain.kind,
    };
  }
  if (err instanceof NotAcceptable) {
    return {
      status: 406,
      code: 'not-supported' as IssueCode,
      text: err.message,
      oauth: undefined,
      kind: undefined,
    };
  }
  const known = fastifyRefusal(err);
  return known ? { ...known, oauth: undefined, kind: undefined } : null;
}

/**
 * The FHIR API's error handler: every refusal an OperationOutcome (401 with WWW-Authenticate
 * naming the token endpoint, 403 for a scope not granted, audited as refused), an unexpected
 * error logged and answered as an OperationOutcome without detail.
 */
export function fhirErrorHandler(ctx: AppContext) {
  return async (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const refusal = refusalOf(err);
    if (!refusal) {
      req.log.error({ err }, 'unexpected server error');
      return sendResource(reply, operationOutcome('exception', message('api.internal'), 'fatal'), 500);
    }
    req.log.info({ status: refusal.status }, 'FHIR request refused');
    if (refusal.status === 401) {
      const error = refusal.oauth === 'invalid_token' ? ', error="invalid_token"' : '';
      reply.header('WWW-Authenticate', `Bearer realm="${fhirBase(ctx, req)}"${error}`);
    }
    if (refusal.kind === 'forbidden' && req.fhirCaller) {
      if (refusal.oauth === 'insufficient_scope') {
        reply.header('WWW-Authenticate', `Bearer realm="${fhirBase(ctx, req)}", error="insufficient_scope"`);
      }
      const type = req.routeOptions.config.fhirType;
      if (type) await auditFhir(ctx, req.fhirCaller, 'fhir.read', { type, ids: [], outcome: 'denied' });
    }
    return sendResource(reply, operationOutcome(refusal.code, refusal.text), refusal.status);
  };
}
