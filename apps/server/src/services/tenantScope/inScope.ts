import { type Column, inArray, type SQL } from 'drizzle-orm';
import { corporateStructureIds, type TenantScope } from './tenantScope.js';

/** The structure id of rows every tenant shares (physicians and facilities of no one structure). */
export const SHARED_STRUCTURE_ID = -1;

/** The Drizzle condition: `column` (a corporate structure id) is one of the scope's (false when none). */
export function inScope(scope: TenantScope, column: Column): SQL {
  return inArray(column, [...corporateStructureIds(scope)]);
}

/** {@link inScope}, or the structure every tenant shares ({@link SHARED_STRUCTURE_ID}). */
export function inScopeOrShared(scope: TenantScope, column: Column): SQL {
  return inArray(column, [...corporateStructureIds(scope), SHARED_STRUCTURE_ID]);
}
