import { listTextTaken, message } from '@quill/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { departments } from '../../../db/schema/index.js';
import { conflict, notFound } from '../../../errors/domainErrors.js';
import type { Facility } from '../requireFacility.js';

export type DepartmentRow = typeof departments.$inferSelect;

/** The facility's departments, by name ignoring case (the same order on every database's collation). */
export function facilityDepartmentRows(db: Db, facility: Pick<Facility, 'id'>): Promise<DepartmentRow[]> {
  return db
    .select()
    .from(departments)
    .where(eq(departments.clientFacilityId, facility.id))
    .orderBy(asc(sql`lower(${departments.name})`), asc(departments.name), asc(departments.id));
}

/** The department `id` of the facility; any other is 404. */
export async function requireDepartment(db: Db, facility: Facility, id: number): Promise<DepartmentRow> {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.id, id), eq(departments.clientFacilityId, facility.id)));
  if (!row) throw notFound(message('reference.lists.departments.notFound'));
  return row;
}

/** 409 when another department of the facility has `name`, ignoring case (run under the reference lock). */
export async function checkDepartmentName(tx: Db, facility: Facility, name: string, selfId?: number) {
  const taken = listTextTaken(name, await facilityDepartmentRows(tx, facility), (d) => d.name, selfId);
  if (taken)
    throw conflict(message('reference.lists.departments.nameTaken', { name: taken.name }), 'name_taken');
}

export const toFacilityDepartment = (row: DepartmentRow) => ({ id: row.id, name: row.name });
