import { message } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, corporateStructures } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import { requireInScope } from './mayAccess.js';
import { scopeIds } from './scopeIds.js';
import type { TenantScope } from './tenantScope.js';

/** 404 unless the selected account may see this corporate structure. */
export function requireVisibleStructure(scope: TenantScope, corpId: number): void {
  requireInScope(scope, corpId, () =>
    notFound(message('jobList.corporateStructure.notFound', { id: corpId })),
  );
}

/** 404 unless the selected account may see this corporate structure; answers its row. */
export async function requireCorporateStructure(ctx: AppContext, scope: TenantScope, corpId: number) {
  requireVisibleStructure(scope, corpId);
  const [cs] = await ctx.database.db
    .select()
    .from(corporateStructures)
    .where(eq(corporateStructures.id, corpId));
  if (!cs) throw notFound(message('jobList.corporateStructure.notFound', { id: corpId }));
  return cs;
}

/**
 * 404 unless every client facility belongs to the corporate structure and the account may see it:
 * another tenant's facility reads as missing, never as forbidden.
 */
export async function requireFacilities(
  ctx: AppContext,
  scope: TenantScope,
  corpId: number,
  cfs: readonly number[],
) {
  // The account's structures are rows that exist (account_corporate_access references them): no
  // statement to read the structure, one round trip less for every list and count call.
  requireVisibleStructure(scope, corpId);
  const unique = [...new Set(cfs)];
  const found = await ctx.database.db
    .select({ id: clientFacilities.id })
    .from(clientFacilities)
    .where(and(eq(clientFacilities.corporateStructureId, corpId), inArray(clientFacilities.id, unique)));
  const known = new Set(found.map((f) => f.id));
  const missing = unique.find((id) => !known.has(id));
  if (missing !== undefined) {
    throw notFound(message('jobList.facilityNotInStructure', { id: missing, corpId }));
  }
  return unique;
}

/** The structures a search reads: the one asked for (404 unless the scope holds it), or all the scope's. */
export function structuresToSearch(scope: TenantScope, asked: number | undefined): readonly number[] {
  if (asked === undefined) return scopeIds(scope);
  requireVisibleStructure(scope, asked);
  return [asked];
}
