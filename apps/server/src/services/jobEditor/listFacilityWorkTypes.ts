import { message, type WorkType } from '@quill/core';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { clientFacilities, workTypes } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { inScopeOrShared } from '../tenantScope/inScope.js';
import { toWorkType } from './jobRows.js';

/**
 * GET /api/job/GetClientFacilityWorktypes: the work types of a client facility, with those it
 * inherits from its corporate structure; another tenant's facility answers 404.
 */
export async function listFacilityWorkTypes(
  ctx: AppContext,
  auth: Auth,
  facilityId: number,
): Promise<WorkType[]> {
  const db = ctx.database.db;
  const [cf] = await db
    .select()
    .from(clientFacilities)
    .where(
      and(
        eq(clientFacilities.id, facilityId),
        inScopeOrShared(auth.scope, clientFacilities.corporateStructureId),
      ),
    );
  if (!cf) throw notFound(message('job.facilityNotFound', { id: facilityId }));
  const rows = await db
    .select()
    .from(workTypes)
    .where(
      and(
        eq(workTypes.corporateStructureId, cf.corporateStructureId),
        or(eq(workTypes.clientFacilityId, cf.id), isNull(workTypes.clientFacilityId)),
      ),
    )
    .orderBy(asc(workTypes.name), asc(workTypes.id));
  return rows.map(toWorkType);
}
