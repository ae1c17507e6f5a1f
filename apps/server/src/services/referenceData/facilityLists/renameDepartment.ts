import type { FacilityDepartment, SaveDepartmentRequest } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { departments } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { checkDepartmentName, requireDepartment, toFacilityDepartment } from './facilityDepartments.js';

/**
 * POST /api/reference/{cfId}/departments/{departmentId} (dictatorAdd): renames a department (its
 * jobs show the new name from the next time they are opened). Audited `reference.department.rename`.
 */
export function renameDepartment(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  departmentId: number,
  input: SaveDepartmentRequest,
  ip: string | null,
): Promise<FacilityDepartment> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const before = await requireDepartment(tx, facility, departmentId);
    await checkDepartmentName(tx, facility, input.name, before.id);
    const [row] = await tx
      .update(departments)
      .set({ name: input.name })
      .where(eq(departments.id, before.id))
      .returning();
    await auditReference(ctx, auth, facility, 'department.rename', ip, { departmentId: row!.id }, tx);
    return toFacilityDepartment(row!);
  });
}
