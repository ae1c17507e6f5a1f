import type { FacilityLocation, SaveLocationRequest } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { locations } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import {
  auditedLocation,
  checkLocationCode,
  requireLocation,
  toFacilityLocation,
} from './facilityLocations.js';

/**
 * POST /api/reference/{cfId}/locations/{locationId} (dictatorAdd): changes a location's code, name
 * or flag (its jobs show the change from the next time they are opened). Audited
 * `reference.location.edit` with the fields that changed.
 */
export function saveLocation(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  locationId: number,
  input: SaveLocationRequest,
  ip: string | null,
): Promise<FacilityLocation> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const before = await requireLocation(tx, facility, locationId);
    await checkLocationCode(tx, facility, input.code, before.id);
    const [row] = await tx.update(locations).set(input).where(eq(locations.id, before.id)).returning();
    const changed = (['code', 'name', 'auto'] as const).filter((f) => before[f] !== row![f]);
    await auditReference(ctx, auth, facility, 'location.edit', ip, { ...auditedLocation(row!), changed }, tx);
    return toFacilityLocation(row!);
  });
}
