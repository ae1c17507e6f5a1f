import { ERROR_CODES } from '@quill/core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conflict,
  type DomainError,
  type DomainErrorKind,
  forbidden,
  invalid,
  notFound,
  notImplemented,
  preconditionFailed,
  throttled,
  tooLarge,
  unauthenticated,
  unavailable,
  unprocessable,
} from '../errors/domainErrors.js';
import { registerErrorHandling } from './errorHandler.js';

/** Each kind's factory with the status and default code ARCHITECTURE §5 gives the kind. */
const EXPECTED: [DomainErrorKind, (message: string) => DomainError, keyof typeof ERROR_CODES, string][] = [
  ['invalid', invalid, 400, 'bad_request'],
  ['unauthenticated', unauthenticated, 401, 'unauthenticated'],
  ['forbidden', forbidden, 403, 'forbidden'],
  ['notFound', notFound, 404, 'not_found'],
  ['conflict', conflict, 409, 'conflict'],
  ['preconditionFailed', preconditionFailed, 412, 'precondition_failed'],
  ['tooLarge', tooLarge, 413, 'too_large'],
  ['unprocessable', unprocessable, 422, 'unprocessable'],
  ['throttled', throttled, 429, 'too_many_requests'],
  ['unavailable', unavailable, 503, 'unavailable'],
  ['notImplemented', notImplemented, 501, 'not_implemented'],
];
const FACTORY = new Map(EXPECTED.map(([kind, factory]) => [kind, factory]));

describe('registerErrorHandling', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get<{ Params: { kind: DomainErrorKind } }>('/domain/:kind', async (req) => {
      const err = FACTORY.get(req.params.kind)!(`refused as ${req.params.kind}`);
      // The factory makes an error of its own kind.
      if (err.kind !== req.params.kind) throw new Error(`${req.params.kind} made ${err.kind}`);
      throw err;
    });
    app.get('/coded', async () => {
      throw conflict('Confirm the recipients outside the contacts.', 'outside_contacts');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(EXPECTED)('answers a %s domain error with %i and code %s', async (kind, _, status, code) => {
    expect(ERROR_CODES[status]).toBe(code);
    const res = await app.inject({ url: `/domain/${kind}` });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ error: { code, message: `refused as ${kind}` } });
  });

  it("keeps a domain error's own code", async () => {
    const res = await app.inject({ url: '/coded' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'outside_contacts', message: 'Confirm the recipients outside the contacts.' },
    });
  });
});
