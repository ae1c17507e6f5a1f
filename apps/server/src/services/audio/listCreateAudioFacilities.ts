import type { CreateAudioFacilitiesSchema } from '@quill/core';
import { asc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { clientFacilities } from '../../db/schema/index.js';
import type { Auth } from '../auth/resolveSession.js';

/**
 * GET /api/audio/createoptions: the client facilities Create with Audio may put a job in — every
 * facility of the corporate structures the account may see, by name.
 */
export async function listCreateAudioFacilities(
  ctx: AppContext,
  auth: Auth,
): Promise<z.infer<typeof CreateAudioFacilitiesSchema>> {
  if (auth.corporateStructureIds.length === 0) return [];
  return ctx.database.db
    .select({
      id: clientFacilities.id,
      name: clientFacilities.name,
      corporateStructureId: clientFacilities.corporateStructureId,
      companyNameId: clientFacilities.companyNameId,
    })
    .from(clientFacilities)
    .where(inArray(clientFacilities.corporateStructureId, [...auth.corporateStructureIds]))
    .orderBy(asc(clientFacilities.name), asc(clientFacilities.id));
}
