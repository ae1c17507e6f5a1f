import { type Column, inArray, type SQL } from 'drizzle-orm';
import { corporateStructureIds, type TenantScope } from './tenantScope.js';

/**
 * The structure id of rows of no one tenant, which the job editor's physician and facility look-ups
 * also accept.
 */
export const SHARED_STRUCTURE_ID = -1;

/** The Drizzle condition: `column` (a corporate structure id) is one of the scope's (false when none). */
export function inScope(scope: TenantScope, column: Column): SQL {
  return inArray(column, [...corporateStructureIds(scope)]);
}

/** {@link inScope}, or the structure every tenant shares ({@link SHARED_STRUCTURE_ID}). */
export function inScopeOrShared(scope: TenantScope, column: Column): SQL {
  return inArray(column, [...corporateStructureIds(scope), SHARED_STRUCTURE_ID]);
}
