import type { FacilityWorkType, SaveWorkTypeRequest } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { workTypes } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { checkWorkTypeNumber } from './checkWorkTypeNumber.js';
import { auditedWorkType, requireWorkType, toFacilityWorkType } from './facilityWorkTypes.js';

const FIELDS = [
  'number',
  'name',
  'enableAddressee',
  'minAddressees',
  'maxAddressees',
  'allowPatientAsRecipient',
] as const;

/**
 * POST /api/reference/{cfId}/workTypes/{workTypeId} (dictatorAdd): changes a work type the
 * facility sees — a shared one for every facility of the structure, its number then unique across
 * the structure. Jobs keep their work type; the job editor answers the new limits from the next
 * time a job is opened (the reference epoch moves at commit). Audited `reference.workType.edit`
 * with the fields that changed.
 */
export function saveWorkType(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  workTypeId: number,
  input: SaveWorkTypeRequest,
  ip: string | null,
): Promise<FacilityWorkType> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const before = await requireWorkType(tx, facility, workTypeId);
    const shared = before.clientFacilityId === null;
    if (input.number !== before.number)
      await checkWorkTypeNumber(tx, facility, input.number, shared, before.id);
    const [row] = await tx.update(workTypes).set(input).where(eq(workTypes.id, before.id)).returning();
    const changed = FIELDS.filter((f) => before[f] !== row![f]);
    await auditReference(ctx, auth, facility, 'workType.edit', ip, { ...auditedWorkType(row!), changed }, tx);
    return toFacilityWorkType(row!);
  });
}
