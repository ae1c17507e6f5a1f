import { describe, expect, it } from 'vitest';
import { isDomainError, notFound } from '../../errors/domainErrors.js';
import { mayAccess, requireInScope } from './mayAccess.js';
import { scopeIds } from './scopeIds.js';
import { isEmptyScope, TenantScope } from './tenantScope.js';

const refusal = () => notFound('Structure was not found.');

describe('the tenant scope (services/tenantScope)', () => {
  it("holds the session's structures as they were given: a later change of the list does not widen it", () => {
    const given = [3, 5];
    const scope = TenantScope.of(given);
    given.push(7);
    expect(scopeIds(scope)).toEqual([3, 5]);
    expect(mayAccess(scope, 7)).toBe(false);
    expect(() => (scopeIds(scope) as number[]).push(9)).toThrow(TypeError);
  });

  it('shows nothing of its ids to a caller that looks at it as an object', () => {
    const scope = TenantScope.of([3, 5]);
    expect(Object.keys(scope)).toEqual([]);
    expect(JSON.stringify({ scope })).toBe('{"scope":{}}');
    // @ts-expect-error — an object that looks like a scope is not one: only the module makes scopes.
    const lookAlike: TenantScope = { corporateStructureIds: [3] };
    expect(lookAlike).toBeDefined();
  });

  it('is empty before an account is chosen, and then gives access to nothing', () => {
    const none = TenantScope.of([]);
    expect(isEmptyScope(none)).toBe(true);
    expect(isEmptyScope(TenantScope.of([1]))).toBe(false);
    expect(mayAccess(none, 1)).toBe(false);
  });

  it('requireInScope passes a structure of the scope and throws the caller’s not-found otherwise', () => {
    const scope = TenantScope.of([3, 5]);
    expect(() => requireInScope(scope, 5, refusal)).not.toThrow();
    for (const asked of [4, undefined]) {
      let thrown: unknown;
      try {
        requireInScope(scope, asked, refusal);
      } catch (err) {
        thrown = err;
      }
      expect(isDomainError(thrown, 'notFound')).toBe(true);
      expect((thrown as Error).message).toBe('Structure was not found.');
    }
  });
});
