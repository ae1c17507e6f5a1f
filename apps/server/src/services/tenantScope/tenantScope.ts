/**
 * The corporate structures a session's account may see: the tenant scope of every read and write
 * of a job, patient, physician, attachment or audio (docs/decisions/security.md, "Tenant scope in
 * one place"). Opaque: its ids are read only in this folder, by the scoped functions beside this
 * file (inScope, mayAccess, requireInScope, requireJob…); the lint rule scripts/lintParts/
 * tenantScope.mjs refuses the name `corporateStructureIds` anywhere else.
 */
export class TenantScope {
  readonly #corporateStructureIds: readonly number[];

  private constructor(ids: readonly number[]) {
    this.#corporateStructureIds = Object.freeze([...ids]);
  }

  /** The scope of a session: the structures its account may see (none before one is chosen). */
  static of(corporateStructureIds: readonly number[]): TenantScope {
    return new TenantScope(corporateStructureIds);
  }

  /** The ids, for the scoped functions of this folder only (the lint rule keeps the name here). */
  static corporateStructureIds(scope: TenantScope): readonly number[] {
    return scope.#corporateStructureIds;
  }
}

/** The ids of a scope; only this folder calls it (the name is refused elsewhere). */
export const corporateStructureIds = (scope: TenantScope) => TenantScope.corporateStructureIds(scope);

/** Whether the scope has no structure (no account chosen, or one without access): nothing to read. */
export const isEmptyScope = (scope: TenantScope) => corporateStructureIds(scope).length === 0;
