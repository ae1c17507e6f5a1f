import type { FacilityDepartments } from '@quill/core';
import type { AppContext } from '../../../context.js';
import type { Auth } from '../../auth/auth.js';
import { requireFacility } from '../requireFacility.js';
import { facilityDepartmentRows, toFacilityDepartment } from './facilityDepartments.js';

/** GET /api/reference/{cfId}/departments (dictatorView): the facility's departments by name. */
export async function listDepartments(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
): Promise<FacilityDepartments> {
  const facility = await requireFacility(ctx, auth, cfId);
  const rows = await facilityDepartmentRows(ctx.database.db, facility);
  return { departments: rows.map(toFacilityDepartment) };
}
