import { catalogueTemplate, type DocumentTemplate, SECTIONS } from '@quill/core';
import { workTypeTemplates } from '../db/schema/index.js';
import { type Executor, insertRows } from './insert.js';
import { type FacilityModel, iso, REFERENCE_TIME, type WorkTypeModel } from './model.js';

/** Boilerplate the demo templates start some sections with, by LOINC section code. */
const BOILERPLATE: Record<string, string> = {
  [SECTIONS.exam.code]: ['General: ', 'HEENT: ', 'Heart: ', 'Lungs: ', 'Abdomen: ', 'Extremities: '].join(
    '\n',
  ),
  [SECTIONS.allergies.code]: 'No known drug allergies.',
  [SECTIONS.dischargeInstructions.code]:
    'Return to the emergency department for fever, chest pain or shortness of breath.',
};

/** The catalogue's template of the work type's document type, a few sections with boilerplate. */
export function demoTemplate(workType: Pick<WorkTypeModel, 'template'>): DocumentTemplate {
  const template = catalogueTemplate(workType.template);
  return {
    ...template,
    sections: template.sections.map((s) => ({ ...s, text: BOILERPLATE[s.code] ?? '' })),
  };
}

/**
 * Issue 27: a template for every demo work type — the structure's for a work type every facility
 * of the structure sees, the facility's own for a work type only it has — from the catalogue
 * template of the work type's document type (Progress Note, History and Physical, …).
 */
export async function seedTemplates(tx: Executor, facilities: FacilityModel[]): Promise<number> {
  const seenBy = new Map<number, { workType: WorkTypeModel; facilities: FacilityModel[] }>();
  for (const f of facilities)
    for (const w of f.workTypes) {
      const seen = seenBy.get(w.id) ?? { workType: w, facilities: [] };
      seen.facilities.push(f);
      seenBy.set(w.id, seen);
    }
  const updatedAt = new Date(iso(REFERENCE_TIME));
  const rows = [...seenBy.values()].map(({ workType, facilities: seers }) => {
    const structure = seers[0]!.structure;
    const shared = seers.length === facilities.filter((f) => f.structure.id === structure.id).length;
    return {
      corporateStructureId: structure.id,
      clientFacilityId: shared ? null : seers[0]!.id,
      workTypeId: workType.id,
      ...demoTemplate(workType),
      updatedAt,
    };
  });
  await insertRows(tx, workTypeTemplates, rows);
  return rows.length;
}
