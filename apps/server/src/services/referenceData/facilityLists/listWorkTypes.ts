import type { FacilityWorkTypes } from '@quill/core';
import type { AppContext } from '../../../context.js';
import type { Auth } from '../../auth/auth.js';
import { requireFacility } from '../requireFacility.js';
import { facilityWorkTypeRows, toFacilityWorkType } from './facilityWorkTypes.js';

/** GET /api/reference/{cfId}/workTypes (dictatorView): the facility's own work types and its structure's shared ones. */
export async function listWorkTypes(ctx: AppContext, auth: Auth, cfId: number): Promise<FacilityWorkTypes> {
  const facility = await requireFacility(ctx, auth, cfId);
  const rows = await facilityWorkTypeRows(ctx.database.db, facility);
  return { workTypes: rows.map(toFacilityWorkType) };
}
