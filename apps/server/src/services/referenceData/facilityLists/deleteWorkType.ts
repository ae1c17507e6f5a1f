import type { FacilityListDeleted } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { jobs, workTypes, workTypeTemplates } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { auditedWorkType, requireWorkType } from './facilityWorkTypes.js';
import { countJobsUsing, deleteUnused, inUse } from './jobsUsing.js';

/**
 * POST /api/reference/{cfId}/workTypes/{workTypeId}/delete (dictatorAdd): deletes a work type the
 * facility sees when no job uses it; otherwise 409 saying how many do. Its templates (the
 * structure's and every facility's override, issue 27) go with it. Audited
 * `reference.workType.delete` with the number of templates deleted.
 */
export function deleteWorkType(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  workTypeId: number,
  ip: string | null,
): Promise<FacilityListDeleted> {
  return deleteUnused(ctx.database.db, 'workTypes', jobs.workTypeId, workTypeId, () =>
    referenceWrite(ctx, auth, cfId, async (tx, facility) => {
      const row = await requireWorkType(tx, facility, workTypeId);
      const within =
        row.clientFacilityId === null
          ? eq(jobs.corporateStructureId, row.corporateStructureId)
          : eq(jobs.clientFacilityId, row.clientFacilityId);
      const used = await countJobsUsing(tx, jobs.workTypeId, row.id, within);
      if (used > 0) throw inUse('workTypes', used);
      const templates = await tx
        .delete(workTypeTemplates)
        .where(eq(workTypeTemplates.workTypeId, row.id))
        .returning({ id: workTypeTemplates.id });
      await tx.delete(workTypes).where(eq(workTypes.id, row.id));
      const detail = { ...auditedWorkType(row), templates: templates.length };
      await auditReference(ctx, auth, facility, 'workType.delete', ip, detail, tx);
      return { id: row.id };
    }),
  );
}
