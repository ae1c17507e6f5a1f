import type { FacilityLocation, SaveLocationRequest } from '@quill/core';
import type { AppContext } from '../../../context.js';
import { locations } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { auditedLocation, checkLocationCode, toFacilityLocation } from './facilityLocations.js';

/**
 * POST /api/reference/{cfId}/locations (dictatorAdd): a new location, its code unique in the
 * facility ignoring case (409 otherwise). Audited `reference.location.add`.
 */
export function addLocation(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  input: SaveLocationRequest,
  ip: string | null,
): Promise<FacilityLocation> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    await checkLocationCode(tx, facility, input.code);
    const [row] = await tx
      .insert(locations)
      .values({ clientFacilityId: facility.id, ...input })
      .returning();
    await auditReference(ctx, auth, facility, 'location.add', ip, auditedLocation(row!), tx);
    return toFacilityLocation(row!);
  });
}
