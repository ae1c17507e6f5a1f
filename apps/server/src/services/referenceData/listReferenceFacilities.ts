import { canEditReferenceData, type ReferenceFacilities } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, corporateStructures } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';

/** GET /api/reference/facilities (dictatorView): the client facilities of the account's structures. */
export async function listReferenceFacilities(ctx: AppContext, auth: Auth): Promise<ReferenceFacilities> {
  const facilities = await ctx.database.db
    .select({
      id: clientFacilities.id,
      name: clientFacilities.name,
      corporateStructureId: clientFacilities.corporateStructureId,
      corporateStructure: corporateStructures.name,
    })
    .from(clientFacilities)
    .innerJoin(corporateStructures, eq(corporateStructures.id, clientFacilities.corporateStructureId))
    .where(inScope(auth.scope, clientFacilities.corporateStructureId))
    .orderBy(asc(corporateStructures.name), asc(clientFacilities.name), asc(clientFacilities.id));
  return { facilities, canEdit: canEditReferenceData(auth.permissions) };
}
