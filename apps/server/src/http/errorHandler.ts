import { ERROR_CODES, message } from '@quill/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailable } from '../db/connectionLost.js';
import { DomainError, type DomainErrorKind } from '../errors/domainErrors.js';

/** The status each domain error kind answers with (ARCHITECTURE §5); the one place that decides it. */
export const STATUS_OF_KIND: Record<DomainErrorKind, keyof typeof ERROR_CODES> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  preconditionFailed: 412,
  tooLarge: 413,
  unprocessable: 422,
  throttled: 429,
  unavailable: 503,
  notImplemented: 501,
};

/** Fastify's own client-error codes and the message each answers with. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: keyof typeof ERROR_CODES; text: () => string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, text: () => message('api.badJson') },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, text: () => message('api.badJson') },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, text: () => message('api.tooLarge') },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, text: () => message('api.unsupportedMediaType') },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    text: () => message('api.badRequest', { detail: 'content length' }),
  },
};

/** Sends the error shape `{ error: { code, message } }` (with `details` when the refusal has them). */
export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  text: string,
  details?: unknown,
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: details === undefined ? { code, message: text } : { code, message: text, details } });
}

/**
 * Maps every error to the error shape and status of ARCHITECTURE §5. Client errors are logged at
 * info without the body; only unexpected errors are logged as server errors, and no answer ever
 * carries a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(replyWithError);
}

/** The error handler itself, for a plugin that adds its own headers first (the WOPI host). */
export function replyWithError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const detail = err.validation
      .map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const where = [err.validationContext, path].filter(Boolean).join(' ');
        return `${where ? `${where}: ` : ''}${v.message}`;
      })
      .join('; ');
    req.log.info({ code: err.code }, 'request rejected: validation');
    return sendError(reply, 400, ERROR_CODES[400], message('api.badRequest', { detail }));
  }
  const domain = err instanceof DomainError ? err : databaseUnavailable(err);
  if (domain) {
    const status = STATUS_OF_KIND[domain.kind];
    const code = domain.code ?? ERROR_CODES[status];
    if (status === 503) req.log.warn({ status, code }, 'request refused: dependency down');
    else req.log.info({ status, code }, 'request refused');
    return sendError(reply, status, code, domain.message, domain.details);
  }
  const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
  if (known) {
    req.log.info({ code: err.code }, 'request rejected');
    return sendError(reply, known.status, ERROR_CODES[known.status], known.text());
  }
  const status = err.statusCode ?? 500;
  if (status === 429) {
    return sendError(reply, 429, ERROR_CODES[429], message('api.tooManyRequests'));
  }
  if (status >= 400 && status < 500) {
    req.log.info({ code: err.code, status }, 'request rejected');
    const code = ERROR_CODES[status as keyof typeof ERROR_CODES] ?? 'bad_request';
    return sendError(reply, status, code, message('api.badRequest', { detail: err.message }));
  }
  req.log.error({ err }, 'unexpected server error');
  return sendError(reply, 500, ERROR_CODES[500], message('api.internal'));
}
