import {
  type AdtSource,
  adtKey,
  Hl7IdentifierBaseSchema,
  Hl7IdentifierSchema,
  physicianKey,
} from '@quill/core';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adtDefinitions, type jobs } from '../../db/schema/index.js';

type Row = typeof adtDefinitions.$inferSelect;

/** A definition of the facility with the key its values are stored at and where they come from. */
export interface AdtDefinition {
  row: Row;
  /** "SEG.field.component" for values, "SEG.field" for physician-type items. */
  key: string;
  source: AdtSource;
}

/** A facility's ADT definitions, split the way the job's ADT answer uses them. */
export interface FacilityAdtDefinitions {
  /** The job's own values: patient, visit (and job-only) items. */
  values: AdtDefinition[];
  /** The job's physician-type items (attending, referring …). */
  physicians: AdtDefinition[];
  /** The order template's values and physician-type items (empty: no orders configured). */
  orderValues: AdtDefinition[];
  orderPhysicians: AdtDefinition[];
}

/**
 * Where an item's value comes from: adt_definitions.segment_type 0 patient, 1 visit, 2 order;
 * PID 18.1 is a PID field but holds the visit id (spec 02 §3 "Patient data positions").
 */
export function adtSource(row: Pick<Row, 'segmentType' | 'segmentName' | 'fieldIndex' | 'componentIndex'>) {
  if (row.segmentName === 'PID' && row.fieldIndex === 18 && row.componentIndex === 1) return 'visit';
  return (['patient', 'visit', 'order'] as const)[row.segmentType] ?? 'job';
}

/** A definition's ADT data type; an unknown one is shown and read as a string (xsstring 4). */
export const adtDataType = (row: Pick<Row, 'dataType'>) =>
  row.dataType >= 0 && row.dataType <= 6 ? row.dataType : 4;

/** The key of a definition, or null when its address is not one the contract can carry. */
function keyOf(row: Row): string | null {
  if (row.isPhysician) {
    const base = Hl7IdentifierBaseSchema.safeParse({ segment: row.segmentName, field: row.fieldIndex });
    return base.success ? physicianKey(base.data) : null;
  }
  const id = Hl7IdentifierSchema.safeParse({
    segment: row.segmentName,
    field: row.fieldIndex,
    component: row.componentIndex,
  });
  return id.success ? adtKey(id.data) : null;
}

/**
 * The ADT definitions of a client facility: its own rows and its corporate structure's, a facility
 * row replacing the structure's row at the same key (values by "SEG.field.component", physician
 * items by "SEG.field"); at one level the first row by id wins. Rows whose address does not fit
 * an HL7 identifier are left out rather than answered broken.
 */
export async function loadAdtDefinitions(
  db: Db,
  job: Pick<typeof jobs.$inferSelect, 'corporateStructureId' | 'clientFacilityId'>,
): Promise<FacilityAdtDefinitions> {
  const rows = await db
    .select()
    .from(adtDefinitions)
    .where(
      and(
        eq(adtDefinitions.corporateStructureId, job.corporateStructureId),
        or(
          eq(adtDefinitions.clientFacilityId, job.clientFacilityId),
          isNull(adtDefinitions.clientFacilityId),
        ),
      ),
    )
    .orderBy(asc(adtDefinitions.id));
  const byKey = new Map<string, AdtDefinition>();
  // Facility rows first, so they take the key before the structure's.
  const ordered = [
    ...rows.filter((r) => r.clientFacilityId !== null),
    ...rows.filter((r) => !r.clientFacilityId),
  ];
  for (const row of ordered) {
    const key = keyOf(row);
    const slot = `${row.isPhysician ? 'physician' : 'value'}:${key}`;
    if (key === null || byKey.has(slot)) continue;
    byKey.set(slot, { row, key, source: adtSource(row) });
  }
  const out: FacilityAdtDefinitions = { values: [], physicians: [], orderValues: [], orderPhysicians: [] };
  for (const def of byKey.values()) {
    const order = def.source === 'order';
    if (def.row.isPhysician) (order ? out.orderPhysicians : out.physicians).push(def);
    else (order ? out.orderValues : out.values).push(def);
  }
  return out;
}
