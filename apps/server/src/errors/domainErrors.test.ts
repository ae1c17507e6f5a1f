import { describe, expect, it } from 'vitest';
import { conflict, DomainError, isDomainError, notFound, unavailable } from './domainErrors.js';

describe('domain errors', () => {
  it('carry their kind, message and optional code, and no HTTP status', () => {
    const err = conflict('Booked by someone else.', 'booked_by_other');
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      kind: 'conflict',
      message: 'Booked by someone else.',
      code: 'booked_by_other',
    });
    expect(notFound('Gone.').code).toBeUndefined();
    expect('statusCode' in err).toBe(false);
  });

  it('are told apart by kind', () => {
    expect(isDomainError(notFound('Gone.'))).toBe(true);
    expect(isDomainError(notFound('Gone.'), 'notFound')).toBe(true);
    expect(isDomainError(unavailable('Down.'), 'notFound')).toBe(false);
    expect(isDomainError(new Error('plain'))).toBe(false);
    expect(isDomainError(undefined)).toBe(false);
  });
});
