import type { TemplateScope, WorkTypeTemplate } from '@quill/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { workTypeTemplates } from '../../../db/schema/index.js';
import { resolveTemplate } from '../../transcribe/resolveTemplate.js';
import type { Facility } from '../requireFacility.js';
import type { WorkTypeRow } from './facilityWorkTypes.js';

export type TemplateRow = typeof workTypeTemplates.$inferSelect;

/**
 * The template row of a work type in one scope (issue 27): the facility's override, or the
 * structure's template (no facility), of the facility's own structure.
 */
export const templateOf = (facility: Facility, workType: WorkTypeRow, scope: TemplateScope) =>
  and(
    eq(workTypeTemplates.workTypeId, workType.id),
    eq(workTypeTemplates.corporateStructureId, facility.corporateStructureId),
    scope === 'facility'
      ? eq(workTypeTemplates.clientFacilityId, facility.id)
      : isNull(workTypeTemplates.clientFacilityId),
  );

/** The template row of `scope`, if there is one. */
export async function templateRow(
  db: Db,
  facility: Facility,
  workType: WorkTypeRow,
  scope: TemplateScope,
): Promise<TemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(workTypeTemplates)
    .where(templateOf(facility, workType, scope));
  return row;
}

/**
 * A work type's template as the Reference data page shows it: what the facility uses (as a new
 * document would, resolveTemplate), whose it is, and what it would use without an override.
 */
export async function toWorkTypeTemplate(
  db: Db,
  facility: Facility,
  workType: WorkTypeRow,
): Promise<WorkTypeTemplate> {
  const { origin, ...template } = await resolveTemplate(db, {
    workTypeId: workType.id,
    clientFacilityId: facility.id,
  });
  const structure = origin === 'structure' || (await templateRow(db, facility, workType, 'structure'));
  return {
    workTypeId: workType.id,
    shared: workType.clientFacilityId === null,
    origin,
    inherited: structure ? 'structure' : 'default',
    template,
  };
}
