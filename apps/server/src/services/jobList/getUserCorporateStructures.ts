import type { CorporateStructure } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, corporateStructures } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';
import { requireCorporateStructure } from '../tenantScope/requireStructure.js';
import { isEmptyScope } from '../tenantScope/tenantScope.js';

/** GET /api/jobs/getusercs: the corporate structures the selected account may see. */
export async function getUserCorporateStructures(ctx: AppContext, auth: Auth): Promise<CorporateStructure[]> {
  if (isEmptyScope(auth.scope)) return [];
  return ctx.database.db
    .select({ id: corporateStructures.id, companyNameId: corporateStructures.companyNameId })
    .from(corporateStructures)
    .where(inScope(auth.scope, corporateStructures.id))
    .orderBy(asc(corporateStructures.companyNameId));
}

/** GET /api/settings/cfs/{csId}: the ids of a visible corporate structure's client facilities. */
export async function getClientFacilityIds(ctx: AppContext, auth: Auth, csId: number): Promise<number[]> {
  await requireCorporateStructure(ctx, auth.scope, csId);
  const rows = await ctx.database.db
    .select({ id: clientFacilities.id })
    .from(clientFacilities)
    .where(eq(clientFacilities.corporateStructureId, csId))
    .orderBy(asc(clientFacilities.id));
  return rows.map((r) => r.id);
}
