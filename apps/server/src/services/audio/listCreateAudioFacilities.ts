import type { CreateAudioFacilitiesSchema } from '@quill/core';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { clientFacilities, corporateStructures } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';
import { isEmptyScope } from '../tenantScope/tenantScope.js';

/**
 * GET /api/audio/createoptions: the client facilities Create with Audio may put a job in — every
 * facility of the corporate structures the account may see, by structure and then by name, each
 * with its structure's label (`companyNameId`, what the page groups the facilities by).
 */
export async function listCreateAudioFacilities(
  ctx: AppContext,
  auth: Auth,
): Promise<z.infer<typeof CreateAudioFacilitiesSchema>> {
  if (isEmptyScope(auth.scope)) return [];
  return ctx.database.db
    .select({
      id: clientFacilities.id,
      name: clientFacilities.name,
      corporateStructureId: clientFacilities.corporateStructureId,
      companyNameId: corporateStructures.companyNameId,
    })
    .from(clientFacilities)
    .innerJoin(corporateStructures, eq(corporateStructures.id, clientFacilities.corporateStructureId))
    .where(inScope(auth.scope, clientFacilities.corporateStructureId))
    .orderBy(asc(corporateStructures.companyNameId), asc(clientFacilities.name), asc(clientFacilities.id));
}
