import type { DirectoryPhysicianRequest, SavePhysicianRequest } from '@quill/core';
import type { physicians } from '../../../db/schema/index.js';
import type { Facility } from '../requireFacility.js';

/**
 * The columns of the details a physician form types (the job editor's Physician modal and the
 * directory's form); the directory keeps a first name for everyone, so none is stored as ''.
 */
export function physicianDetailValues(d: SavePhysicianRequest['physician']) {
  return {
    firstName: d.firstName ?? '',
    middleInitial: d.middleInitial ?? null,
    lastName: d.lastName,
    prefix: d.prefix ?? null,
    suffix: d.suffix ?? null,
    jobTitle: d.jobTitle ?? null,
    credentials: d.credentials ?? null,
    accessCode: d.accessCode ?? null,
    email: d.email ?? null,
    fax: d.fax ?? null,
    addressLine1: d.addressLine1 ?? null,
    addressLine2: d.addressLine2 ?? null,
    addressLine3: d.addressLine3 ?? null,
    addressLine4: d.addressLine4 ?? null,
    country: d.country ?? null,
    postalCode: d.postalCode ?? null,
  };
}

/**
 * The columns an add or an edit of the directory writes from the form: the typed details (the
 * directory keeps a first name for everyone, so none is stored as ''), the specialty, whether the
 * physician dictates, how they receive documents and whether they are listed for every facility
 * of the structure (no client facility) or for this one.
 */
export function physicianValues(
  facility: Pick<Facility, 'id'>,
  d: DirectoryPhysicianRequest,
): Omit<typeof physicians.$inferInsert, 'corporateStructureId'> {
  return {
    clientFacilityId: d.allFacilities ? null : facility.id,
    ...physicianDetailValues(d),
    specialty: d.specialty ?? null,
    isDictator: d.isDictator,
    distributionMethod: d.distributionMethod,
  };
}
