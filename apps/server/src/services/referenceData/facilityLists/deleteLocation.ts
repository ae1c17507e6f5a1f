import type { FacilityListDeleted } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { jobs, locations } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { auditedLocation, requireLocation } from './facilityLocations.js';
import { countJobsUsing, deleteUnused, inUse } from './jobsUsing.js';

/**
 * POST /api/reference/{cfId}/locations/{locationId}/delete (dictatorAdd): deletes a location no
 * job uses; otherwise 409 saying how many do. Audited `reference.location.delete`.
 */
export function deleteLocation(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  locationId: number,
  ip: string | null,
): Promise<FacilityListDeleted> {
  return deleteUnused(ctx.database.db, 'locations', jobs.locationId, locationId, () =>
    referenceWrite(ctx, auth, cfId, async (tx, facility) => {
      const row = await requireLocation(tx, facility, locationId);
      const used = await countJobsUsing(tx, jobs.locationId, row.id, eq(jobs.clientFacilityId, facility.id));
      if (used > 0) throw inUse('locations', used);
      await tx.delete(locations).where(eq(locations.id, row.id));
      await auditReference(ctx, auth, facility, 'location.delete', ip, auditedLocation(row), tx);
      return { id: row.id };
    }),
  );
}
