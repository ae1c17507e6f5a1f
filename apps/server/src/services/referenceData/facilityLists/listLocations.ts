import type { FacilityLocations } from '@quill/core';
import type { AppContext } from '../../../context.js';
import type { Auth } from '../../auth/auth.js';
import { requireFacility } from '../requireFacility.js';
import { facilityLocationRows, toFacilityLocation } from './facilityLocations.js';

/** GET /api/reference/{cfId}/locations (dictatorView): the facility's locations by code. */
export async function listLocations(ctx: AppContext, auth: Auth, cfId: number): Promise<FacilityLocations> {
  const facility = await requireFacility(ctx, auth, cfId);
  const rows = await facilityLocationRows(ctx.database.db, facility);
  return { locations: rows.map(toFacilityLocation) };
}
