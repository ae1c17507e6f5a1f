import type { FacilityWorkType, SaveWorkTypeRequest } from '@quill/core';
import type { AppContext } from '../../../context.js';
import { workTypes } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { checkWorkTypeNumber } from './checkWorkTypeNumber.js';
import { auditedWorkType, toFacilityWorkType } from './facilityWorkTypes.js';

/**
 * POST /api/reference/{cfId}/workTypes (dictatorAdd): a new work type of the facility (not shared),
 * its number unique among the work types the facility sees (409 otherwise). Audited
 * `reference.workType.add`.
 */
export function addWorkType(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  input: SaveWorkTypeRequest,
  ip: string | null,
): Promise<FacilityWorkType> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    await checkWorkTypeNumber(tx, facility, input.number, false);
    const [row] = await tx
      .insert(workTypes)
      .values({
        ...input,
        corporateStructureId: facility.corporateStructureId,
        clientFacilityId: facility.id,
      })
      .returning();
    await auditReference(ctx, auth, facility, 'workType.add', ip, auditedWorkType(row!), tx);
    return toFacilityWorkType(row!);
  });
}
