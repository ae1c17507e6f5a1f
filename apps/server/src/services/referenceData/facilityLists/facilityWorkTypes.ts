import { type FacilityWorkType, message } from '@quill/core';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { workTypes } from '../../../db/schema/index.js';
import { notFound } from '../../../errors/domainErrors.js';
import type { Facility } from '../requireFacility.js';

export type WorkTypeRow = typeof workTypes.$inferSelect;

/** The work types a facility sees: its own and those its whole structure shares (no facility). */
export const seenBy = (facility: Pick<Facility, 'id' | 'corporateStructureId'>) =>
  and(
    eq(workTypes.corporateStructureId, facility.corporateStructureId),
    or(eq(workTypes.clientFacilityId, facility.id), isNull(workTypes.clientFacilityId)),
  );

/** The work types the facility sees, by number. */
export function facilityWorkTypeRows(db: Db, facility: Facility): Promise<WorkTypeRow[]> {
  return db
    .select()
    .from(workTypes)
    .where(seenBy(facility))
    .orderBy(asc(workTypes.number), asc(workTypes.id));
}

/**
 * The work types whose numbers `row` (or a new work type of the facility) must not repeat: those
 * the facility sees; for a shared one, every work type of the structure, since every facility sees it.
 */
export function numberNeighbours(db: Db, facility: Facility, shared: boolean): Promise<WorkTypeRow[]> {
  const where = shared ? eq(workTypes.corporateStructureId, facility.corporateStructureId) : seenBy(facility);
  return db.select().from(workTypes).where(where);
}

/** The work type `id` when the facility sees it; any other is 404 (another facility's or company's). */
export async function requireWorkType(db: Db, facility: Facility, id: number): Promise<WorkTypeRow> {
  const [row] = await db
    .select()
    .from(workTypes)
    .where(and(eq(workTypes.id, id), seenBy(facility)));
  if (!row) throw notFound(message('reference.lists.workTypes.notFound'));
  return row;
}

/** A work type as the Reference data page shows it. */
export function toFacilityWorkType(row: WorkTypeRow): FacilityWorkType {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    enableAddressee: row.enableAddressee,
    minAddressees: row.minAddressees,
    maxAddressees: row.maxAddressees,
    allowPatientAsRecipient: row.allowPatientAsRecipient,
    shared: row.clientFacilityId === null,
  };
}

/** What an audit row says of a work type: its id, number, scope and limits (no names). */
export function auditedWorkType(row: WorkTypeRow) {
  return {
    workTypeId: row.id,
    number: row.number,
    shared: row.clientFacilityId === null,
    enableAddressee: row.enableAddressee,
    minAddressees: row.minAddressees,
    maxAddressees: row.maxAddressees,
    allowPatientAsRecipient: row.allowPatientAsRecipient,
  };
}
