import { listTextTaken, message } from '@quill/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { locations } from '../../../db/schema/index.js';
import { conflict, notFound } from '../../../errors/domainErrors.js';
import type { Facility } from '../requireFacility.js';

export type LocationRow = typeof locations.$inferSelect;

/** The facility's locations, by code ignoring case (the same order on every database's collation). */
export function facilityLocationRows(db: Db, facility: Pick<Facility, 'id'>): Promise<LocationRow[]> {
  return db
    .select()
    .from(locations)
    .where(eq(locations.clientFacilityId, facility.id))
    .orderBy(asc(sql`lower(${locations.code})`), asc(locations.code), asc(locations.id));
}

/** The location `id` of the facility; any other is 404. */
export async function requireLocation(db: Db, facility: Facility, id: number): Promise<LocationRow> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.clientFacilityId, facility.id)));
  if (!row) throw notFound(message('reference.lists.locations.notFound'));
  return row;
}

/** 409 when another location of the facility has `code`, ignoring case (run under the reference lock). */
export async function checkLocationCode(tx: Db, facility: Facility, code: string, selfId?: number) {
  const taken = listTextTaken(code, await facilityLocationRows(tx, facility), (l) => l.code, selfId);
  if (taken)
    throw conflict(message('reference.lists.locations.codeTaken', { code: taken.code }), 'code_taken');
}

export const toFacilityLocation = (row: LocationRow) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  auto: row.auto,
});

/** What an audit row says of a location: its id, code and flag (no name). */
export const auditedLocation = (row: LocationRow) => ({ locationId: row.id, code: row.code, auto: row.auto });
