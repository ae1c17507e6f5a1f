import type { FacilityDepartment, SaveDepartmentRequest } from '@quill/core';
import type { AppContext } from '../../../context.js';
import { departments } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { checkDepartmentName, toFacilityDepartment } from './facilityDepartments.js';

/**
 * POST /api/reference/{cfId}/departments (dictatorAdd): a new department, its name unique in the
 * facility ignoring case (409 otherwise). Audited `reference.department.add`.
 */
export function addDepartment(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  input: SaveDepartmentRequest,
  ip: string | null,
): Promise<FacilityDepartment> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    await checkDepartmentName(tx, facility, input.name);
    const [row] = await tx
      .insert(departments)
      .values({ clientFacilityId: facility.id, name: input.name })
      .returning();
    await auditReference(ctx, auth, facility, 'department.add', ip, { departmentId: row!.id }, tx);
    return toFacilityDepartment(row!);
  });
}
