import { corporateStructureIds, type TenantScope } from './tenantScope.js';

/** Whether the scope holds this corporate structure. */
export function mayAccess(scope: TenantScope, structureId: number): boolean {
  return corporateStructureIds(scope).includes(structureId);
}

/**
 * Throws `refusal()` — the caller's not-found domain error, so another tenant's row reads as
 * missing — unless `structureId` is given and in the scope. Undefined stands for a row not found.
 */
export function requireInScope(
  scope: TenantScope,
  structureId: number | undefined,
  refusal: () => Error,
): asserts structureId is number {
  if (structureId === undefined || !mayAccess(scope, structureId)) throw refusal();
}
