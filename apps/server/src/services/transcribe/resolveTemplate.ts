import { DEFAULT_TEMPLATE, type DocumentTemplate } from '@quill/core';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clientFacilities, workTypeTemplates } from '../../db/schema/index.js';

/** Where a resolved template came from: the facility's override, its structure's template, or the default. */
export type TemplateOrigin = 'facility' | 'structure' | 'default';

export type ResolvedTemplate = DocumentTemplate & { origin: TemplateOrigin };

/**
 * The template a new document of a work type starts from at a client facility (issue 27): the
 * facility's override, else its corporate structure's template of the work type, else
 * DEFAULT_TEMPLATE (a progress note) — also for a job without a work type. Only templates of the
 * facility's own structure count.
 */
export async function resolveTemplate(
  db: Db,
  { workTypeId, clientFacilityId }: { workTypeId: number | null; clientFacilityId: number },
): Promise<ResolvedTemplate> {
  if (workTypeId === null) return defaultTemplate();
  const rows = await db
    .select({
      clientFacilityId: workTypeTemplates.clientFacilityId,
      documentCode: workTypeTemplates.documentCode,
      documentTitle: workTypeTemplates.documentTitle,
      sections: workTypeTemplates.sections,
    })
    .from(workTypeTemplates)
    .innerJoin(clientFacilities, eq(clientFacilities.id, clientFacilityId))
    .where(
      and(
        eq(workTypeTemplates.workTypeId, workTypeId),
        eq(workTypeTemplates.corporateStructureId, clientFacilities.corporateStructureId),
        or(
          eq(workTypeTemplates.clientFacilityId, clientFacilityId),
          isNull(workTypeTemplates.clientFacilityId),
        ),
      ),
    );
  const row = rows.find((r) => r.clientFacilityId !== null) ?? rows[0];
  if (!row) return defaultTemplate();
  return {
    documentCode: row.documentCode,
    documentTitle: row.documentTitle,
    sections: row.sections.map((s) => ({ code: s.code, title: s.title, text: s.text ?? '' })),
    origin: row.clientFacilityId === null ? 'structure' : 'facility',
  };
}

function defaultTemplate(): ResolvedTemplate {
  return {
    documentCode: DEFAULT_TEMPLATE.documentCode,
    documentTitle: DEFAULT_TEMPLATE.documentTitle,
    sections: DEFAULT_TEMPLATE.sections.map((s) => ({ ...s })),
    origin: 'default',
  };
}
