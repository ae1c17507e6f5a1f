import type { WorkTypeTemplate } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { workTypeTemplates } from '../../../db/schema/index.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { requireWorkType } from './facilityWorkTypes.js';
import { templateRow, toWorkTypeTemplate } from './workTypeTemplates.js';

/**
 * POST /api/reference/{cfId}/workTypes/{workTypeId}/template/delete (dictatorAdd): deletes the
 * facility's override of a work type's template, so the facility uses its structure's template (or
 * the default) again; answers the template it uses now. Without an override nothing changes.
 * Audited `reference.template.delete` when an override was deleted.
 */
export function deleteWorkTypeTemplate(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  workTypeId: number,
  ip: string | null,
): Promise<WorkTypeTemplate> {
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const workType = await requireWorkType(tx, facility, workTypeId);
    const override = await templateRow(tx, facility, workType, 'facility');
    if (override) {
      await tx.delete(workTypeTemplates).where(eq(workTypeTemplates.id, override.id));
      await auditReference(
        ctx,
        auth,
        facility,
        'template.delete',
        ip,
        { workTypeId: workType.id, templateId: override.id, scope: 'facility' },
        tx,
      );
    }
    return toWorkTypeTemplate(tx, facility, workType);
  });
}
