import { corporateStructureIds, type TenantScope } from './tenantScope.js';

/**
 * The scope's structure ids, for a statement that binds them itself: a raw statement's
 * `= any(…)`, a prepared statement's placeholder, a grouped JSON statement — and for the core rule
 * that weighs a grant against the grantor's structures. Anything else uses inScope, mayAccess or
 * requireInScope.
 */
export function scopeIds(scope: TenantScope): readonly number[] {
  return corporateStructureIds(scope);
}
