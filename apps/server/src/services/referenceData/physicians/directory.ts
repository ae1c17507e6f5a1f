import { type DirectoryPhysician, type DirectoryRow, isDistributionMethod, message } from '@quill/core';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { physicians } from '../../../db/schema/index.js';
import { notFound } from '../../../errors/domainErrors.js';
import type { Facility } from '../requireFacility.js';

/** A physicians row. */
export type PhysicianRow = typeof physicians.$inferSelect;
type Scope = Pick<Facility, 'id' | 'corporateStructureId'>;

/**
 * The physician directory of a client facility (issue 26), scoped as the job editor's physician
 * search is (decisions.md issue 21): the physicians of the facility's structure that are the
 * facility's own or listed for every facility (no client facility).
 */
export function inDirectoryOf(facility: Scope): SQL {
  return and(
    eq(physicians.corporateStructureId, facility.corporateStructureId),
    or(eq(physicians.clientFacilityId, facility.id), isNull(physicians.clientFacilityId)),
  )!;
}

/** A physician of the facility's directory; any other (another facility's or company's) is 404. */
export async function requireDirectoryPhysician(db: Db, facility: Scope, id: number): Promise<PhysicianRow> {
  const [row] = await db
    .select()
    .from(physicians)
    .where(and(eq(physicians.id, id), inDirectoryOf(facility)));
  if (!row) throw notFound(message('reference.physicians.notFound'));
  return row;
}

/** How the directory names a physician: 'Last, First' ('Last' without a first name). */
export function directoryName(p: { lastName: string; firstName: string }): string {
  return p.firstName ? `${p.lastName}, ${p.firstName}` : p.lastName;
}

/** A search row of a physician, with the one it was merged into. */
export function toDirectoryRow(p: PhysicianRow, mergedInto: DirectoryRow['mergedInto']): DirectoryRow {
  return {
    id: p.id,
    prefix: p.prefix,
    firstName: p.firstName,
    middleInitial: p.middleInitial,
    lastName: p.lastName,
    suffix: p.suffix,
    credentials: p.credentials,
    specialty: p.specialty,
    accessCode: p.accessCode,
    fax: p.fax,
    distributionMethod: isDistributionMethod(p.distributionMethod) ? p.distributionMethod : 'print',
    isDictator: p.isDictator,
    allFacilities: p.clientFacilityId === null,
    disabled: p.disabled,
    mergedInto,
  };
}

/** Every detail of a physician the Edit form shows (the merged-into physician looked up by id). */
export async function toDirectoryPhysician(db: Db, p: PhysicianRow): Promise<DirectoryPhysician> {
  let mergedInto: DirectoryRow['mergedInto'] = null;
  if (p.mergedIntoId !== null) {
    const [into] = await db
      .select({ id: physicians.id, lastName: physicians.lastName, firstName: physicians.firstName })
      .from(physicians)
      .where(eq(physicians.id, p.mergedIntoId));
    if (into) mergedInto = { id: into.id, name: directoryName(into) };
  }
  return {
    ...toDirectoryRow(p, mergedInto),
    jobTitle: p.jobTitle,
    email: p.email,
    addressLine1: p.addressLine1,
    addressLine2: p.addressLine2,
    addressLine3: p.addressLine3,
    addressLine4: p.addressLine4,
    country: p.country,
    postalCode: p.postalCode,
  };
}
