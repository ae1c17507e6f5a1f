import type { DirectoryPhysician, DirectoryPhysicianRequest } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { physicians } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { accessCodeRefusal, refuseTakenAccessCode } from './accessCodes.js';
import { requireDirectoryPhysician, toDirectoryPhysician } from './directory.js';
import { physicianValues } from './physicianValues.js';

/**
 * POST /api/reference/{cfId}/physicians/{physicianId} (dictatorAdd): changes a physician of the
 * facility's directory (404 otherwise). Jobs, recipients and documents that name the physician
 * show the new details at their next load (the physicians trigger moves the reference epoch). The
 * access code stays unique in the structure, ignoring case (409). Audited with the id and code.
 */
export async function saveDirectoryPhysician(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  physicianId: number,
  body: DirectoryPhysicianRequest,
  ip: string | null,
): Promise<DirectoryPhysician> {
  try {
    return await referenceWrite(ctx, auth, cfId, async (tx, facility) => {
      const before = await requireDirectoryPhysician(tx, facility, physicianId);
      await refuseTakenAccessCode(tx, facility.corporateStructureId, body.accessCode, before.id);
      const [row] = await tx
        .update(physicians)
        .set(physicianValues(facility, body))
        .where(eq(physicians.id, before.id))
        .returning();
      await auditReference(
        ctx,
        auth,
        facility,
        'physician.save',
        ip,
        { physicianId: before.id, accessCode: row!.accessCode, allFacilities: body.allFacilities },
        tx,
      );
      return toDirectoryPhysician(tx, row!);
    });
  } catch (err) {
    throw accessCodeRefusal(err);
  }
}
