import { message } from '@quill/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, corporateStructures } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/resolveSession.js';

/** 404 unless the selected account may see this corporate structure. */
export function requireVisibleStructure(auth: Auth, corpId: number): void {
  if (!auth.corporateStructureIds.includes(corpId)) {
    throw notFound(message('jobList.corporateStructure.notFound', { id: corpId }));
  }
}

/** 404 unless the selected account may see this corporate structure; answers its row. */
export async function requireCorporateStructure(ctx: AppContext, auth: Auth, corpId: number) {
  requireVisibleStructure(auth, corpId);
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
export async function requireFacilities(ctx: AppContext, auth: Auth, corpId: number, cfs: readonly number[]) {
  // The account's structures are rows that exist (account_corporate_access references them): no
  // statement to read the structure, one round trip less for every list and count call.
  requireVisibleStructure(auth, corpId);
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
