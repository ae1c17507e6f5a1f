import type { DirectoryPhysician, DirectoryPhysicianRequest } from '@quill/core';
import type { AppContext } from '../../../context.js';
import { physicians } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { accessCodeRefusal, refuseTakenAccessCode } from './accessCodes.js';
import { toDirectoryPhysician } from './directory.js';
import { physicianValues } from './physicianValues.js';

/**
 * POST /api/reference/{cfId}/physicians (dictatorAdd): adds a physician to the facility's
 * directory (or to every facility of its structure). An access code a physician of the structure
 * has, ignoring case, is 409 'Duplicate access code' — also for two adds at once (the structure's
 * reference lock, then the unique index). Audited with the new id and its access code.
 */
export async function addDirectoryPhysician(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  body: DirectoryPhysicianRequest,
  ip: string | null,
): Promise<DirectoryPhysician> {
  try {
    return await referenceWrite(ctx, auth, cfId, async (tx, facility) => {
      await refuseTakenAccessCode(tx, facility.corporateStructureId, body.accessCode);
      const [row] = await tx
        .insert(physicians)
        .values({ corporateStructureId: facility.corporateStructureId, ...physicianValues(facility, body) })
        .returning();
      await auditReference(
        ctx,
        auth,
        facility,
        'physician.add',
        ip,
        { physicianId: row!.id, accessCode: row!.accessCode, allFacilities: body.allFacilities },
        tx,
      );
      return toDirectoryPhysician(tx, row!);
    });
  } catch (err) {
    throw accessCodeRefusal(err);
  }
}
