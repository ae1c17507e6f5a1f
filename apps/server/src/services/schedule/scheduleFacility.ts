import {
  COMPOSITE_NAME_DEFINITION,
  IGNORE_DEFINITION,
  type MappingDefinition,
  message,
  ROW_ACTION_DEFINITION,
  UPLOAD_ACTIONS,
  UPLOAD_FORM_TYPES,
  type UploadFormType,
} from '@quill/core';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { adtDefinitions, clientFacilities } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors/domainErrors.js';
import { MAX_INT4 } from '../audio/requireCreateFacility.js';
import type { Auth } from '../auth/auth.js';
import { inScope } from '../tenantScope/inScope.js';
import { isEmptyScope } from '../tenantScope/tenantScope.js';

/** The kinds of upload rows a heading mapping makes (uploads.kind). */
export type ScheduleKind = 'SCHEDULE' | 'ADT';

export const kindOf = (formType: UploadFormType): ScheduleKind =>
  formType === UPLOAD_FORM_TYPES.ADT ? 'ADT' : 'SCHEDULE';

/** Whether the account holds the permission of an upload's kind. */
export const hasUploadPermission = (auth: Auth, kind: string): boolean =>
  auth.permissions.has(kind === 'ADT' ? 'adtUpload' : 'physicianScheduleUpload');

/** Spec 02 §3 form types: SCHEDULE needs physicianScheduleUpload, ADT needs adtUpload (403 otherwise). */
export function requireUploadPermission(auth: Auth, kind: ScheduleKind): void {
  if (kind === 'ADT' && !auth.permissions.has('adtUpload')) {
    throw forbidden(message('schedule.noAdtPermission'));
  }
  if (kind === 'SCHEDULE' && !auth.permissions.has('physicianScheduleUpload')) {
    throw forbidden(message('schedule.noPermission'));
  }
}

export type ScheduleFacility = typeof clientFacilities.$inferSelect;

/** The client facility when it is in one of the account's corporate structures; 404 otherwise. */
export async function requireScheduleFacility(
  ctx: AppContext,
  auth: Auth,
  id: number,
): Promise<ScheduleFacility> {
  const [facility] =
    !isEmptyScope(auth.scope) && id <= MAX_INT4
      ? await ctx.database.db
          .select()
          .from(clientFacilities)
          .where(and(eq(clientFacilities.id, id), inScope(auth.scope, clientFacilities.corporateStructureId)))
      : [];
  if (!facility) throw notFound(message('schedule.facilityNotFound', { id }));
  return facility;
}

/** A definition a heading may be mapped to, with the name a heading may match it by. */
export interface OfferedDefinition {
  def: MappingDefinition;
  displayName: string;
}

const key = (d: MappingDefinition) => `${d.segmentName}.${d.fieldIndex}.${d.componentIndex}`;

/**
 * The definitions a heading of this facility may be mapped to: Ignore, the composite name, Row
 * Action (VARIED only), then the facility's ADT definitions (its own and its structure's, by
 * ordinal with 0 last; physician fields are left out; one per HL7 address, the facility's own
 * first). adt_definitions.segment_type 0/1/2 answers as mapping segment type 1/2/3.
 */
export async function listOfferedDefinitions(
  ctx: AppContext,
  facility: ScheduleFacility,
  actionType: number,
): Promise<OfferedDefinition[]> {
  const rows = await ctx.database.db
    .select()
    .from(adtDefinitions)
    .where(
      and(
        eq(adtDefinitions.corporateStructureId, facility.corporateStructureId),
        or(eq(adtDefinitions.clientFacilityId, facility.id), isNull(adtDefinitions.clientFacilityId)),
        eq(adtDefinitions.isPhysician, false),
      ),
    )
    .orderBy(asc(adtDefinitions.ordinal), asc(adtDefinitions.id));
  const own = rows.filter((r) => r.clientFacilityId !== null);
  const inherited = rows.filter((r) => r.clientFacilityId === null);
  const seen = new Set<string>();
  const facilityDefs: (OfferedDefinition & { ordinal: number })[] = [];
  for (const r of [...own, ...inherited]) {
    const def: MappingDefinition = {
      columnHeading: r.columnHeading,
      segmentName: r.segmentName,
      segmentType: r.segmentType + 1,
      fieldIndex: r.fieldIndex,
      componentIndex: r.componentIndex,
      isDateTime: r.isDateTime,
      dataType: r.dataType,
    };
    if (seen.has(key(def))) continue;
    seen.add(key(def));
    facilityDefs.push({ def, displayName: r.displayName, ordinal: r.ordinal });
  }
  const rank = (o: number) => (o === 0 ? Number.MAX_SAFE_INTEGER : o);
  facilityDefs.sort((a, b) => rank(a.ordinal) - rank(b.ordinal));
  return [
    { def: IGNORE_DEFINITION, displayName: IGNORE_DEFINITION.columnHeading },
    { def: COMPOSITE_NAME_DEFINITION, displayName: COMPOSITE_NAME_DEFINITION.columnHeading },
    ...(actionType === UPLOAD_ACTIONS.VARIED
      ? [{ def: ROW_ACTION_DEFINITION, displayName: ROW_ACTION_DEFINITION.columnHeading }]
      : []),
    ...facilityDefs.map(({ def, displayName }) => ({ def, displayName })),
  ];
}
