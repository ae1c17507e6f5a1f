import type { FacilityListDeleted } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { departments, jobs } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { requireDepartment } from './facilityDepartments.js';
import { countJobsUsing, deleteUnused, inUse } from './jobsUsing.js';

/**
 * POST /api/reference/{cfId}/departments/{departmentId}/delete (dictatorAdd): deletes a department
 * no job uses; otherwise 409 saying how many do. Audited `reference.department.delete`.
 */
export function deleteDepartment(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  departmentId: number,
  ip: string | null,
): Promise<FacilityListDeleted> {
  return deleteUnused(ctx.database.db, 'departments', jobs.departmentId, departmentId, () =>
    referenceWrite(ctx, auth, cfId, async (tx, facility) => {
      const row = await requireDepartment(tx, facility, departmentId);
      const used = await countJobsUsing(
        tx,
        jobs.departmentId,
        row.id,
        eq(jobs.clientFacilityId, facility.id),
      );
      if (used > 0) throw inUse('departments', used);
      await tx.delete(departments).where(eq(departments.id, row.id));
      await auditReference(ctx, auth, facility, 'department.delete', ip, { departmentId: row.id }, tx);
      return { id: row.id };
    }),
  );
}
