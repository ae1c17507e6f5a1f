import {
  message,
  type SaveWorkTypeTemplateRequest,
  templateRefusal,
  type WorkTypeTemplate,
} from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { workTypeTemplates } from '../../../db/schema/index.js';
import { invalid } from '../../../errors/domainErrors.js';
import type { Auth } from '../../auth/auth.js';
import { auditReference } from '../auditReference.js';
import { referenceWrite } from '../referenceWrite.js';
import { requireWorkType } from './facilityWorkTypes.js';
import { templateRow, toWorkTypeTemplate } from './workTypeTemplates.js';

/**
 * POST /api/reference/{cfId}/workTypes/{workTypeId}/template (dictatorAdd): saves the template of a
 * work type the facility sees — as the facility's override, or, for a work type the whole structure
 * shares, as the structure's template (every facility without an override of its own uses it). One
 * row per scope: under the structure's reference lock a second save at the same moment changes the
 * row the first made. Core's rule refuses a bad template (400). Audited `reference.template.save`.
 */
export function saveWorkTypeTemplate(
  ctx: AppContext,
  auth: Auth,
  cfId: number,
  workTypeId: number,
  input: SaveWorkTypeTemplateRequest,
  ip: string | null,
): Promise<WorkTypeTemplate> {
  const { scope, ...template } = input;
  const refusal = templateRefusal(template);
  if (refusal) throw invalid(refusal);
  return referenceWrite(ctx, auth, cfId, async (tx, facility) => {
    const workType = await requireWorkType(tx, facility, workTypeId);
    if (scope === 'structure' && workType.clientFacilityId !== null)
      throw invalid(message('transcribe.templates.structureNeedsShared'));
    const fields = {
      documentCode: template.documentCode,
      documentTitle: template.documentTitle,
      sections: template.sections.map(({ code, title, text }) => ({ code, title, text })),
      updatedAt: new Date(),
    };
    const before = await templateRow(tx, facility, workType, scope);
    const [row] = before
      ? await tx.update(workTypeTemplates).set(fields).where(eq(workTypeTemplates.id, before.id)).returning()
      : await tx
          .insert(workTypeTemplates)
          .values({
            corporateStructureId: facility.corporateStructureId,
            clientFacilityId: scope === 'facility' ? facility.id : null,
            workTypeId: workType.id,
            ...fields,
          })
          .returning();
    await auditReference(
      ctx,
      auth,
      facility,
      'template.save',
      ip,
      { workTypeId: workType.id, templateId: row!.id, scope, sections: fields.sections.length },
      tx,
    );
    return toWorkTypeTemplate(tx, facility, workType);
  });
}
