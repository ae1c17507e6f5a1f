import {
  type JobViewDetails,
  PHYSICIAN_DETAIL_FIELDS,
  type Physician,
  type PhysicianDetailField,
  type Recipient,
  type WorkType,
} from '@quill/core';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type jobs, physicians, type recipients, workTypes } from '../../db/schema/index.js';
import { MAX_INT4 } from '../audio/requireCreateFacility.js';

type PhysicianRow = typeof physicians.$inferSelect;
type RecipientRow = typeof recipients.$inferSelect;
type WorkTypeRow = typeof workTypes.$inferSelect;
type Job = typeof jobs.$inferSelect;

const emptyPhysician: Physician = {
  userId: 0,
  userIdSpecified: false,
  accessCode: null,
  addressLine1: null,
  addressLine2: null,
  addressLine3: null,
  addressLine4: null,
  clientUserCode: null,
  country: null,
  credentials: null,
  email: null,
  externalESignFlag: false,
  externalESignFlagSpecified: false,
  fax: null,
  firstName: null,
  lastName: null,
  middleInitial: null,
  mnemonic: null,
  postalCode: null,
  prefix: null,
  residentFlag: false,
  residentFlagSpecified: false,
  spelling: null,
  suffix: null,
  specialty: null,
  jobTitle: null,
  globalId: null,
  recipientProviderId: null,
  recipientProviderIdSpecified: false,
  telephone: null,
  signatureBlock: null,
  secureMessagingEnabled: false,
  secureMessagingEnabledSpecified: false,
};

/** Spec 02 §3 "Physician" from a physicians row. */
export function toPhysician(p: PhysicianRow): Physician {
  return {
    ...emptyPhysician,
    userId: p.id,
    userIdSpecified: true,
    accessCode: p.accessCode,
    addressLine1: p.addressLine1,
    addressLine2: p.addressLine2,
    addressLine3: p.addressLine3,
    addressLine4: p.addressLine4,
    clientUserCode: p.clientUserCode,
    country: p.country,
    credentials: p.credentials,
    email: p.email,
    externalESignFlag: p.externalESignFlag,
    externalESignFlagSpecified: true,
    fax: p.fax,
    firstName: p.firstName,
    lastName: p.lastName,
    middleInitial: p.middleInitial,
    mnemonic: p.mnemonic,
    postalCode: p.postalCode,
    prefix: p.prefix,
    residentFlag: p.residentFlag,
    residentFlagSpecified: true,
    suffix: p.suffix,
    specialty: p.specialty,
    jobTitle: p.jobTitle,
    globalId: p.globalId,
    recipientProviderId: p.recipientProviderId,
    recipientProviderIdSpecified: p.recipientProviderId !== null,
    telephone: p.telephone,
    signatureBlock: p.signatureBlock,
    secureMessagingEnabled: p.secureMessagingEnabled,
    secureMessagingEnabledSpecified: true,
  };
}

/** The dictator / dictated-for fields of the job detail. */
export function toJobPhysician(
  p:
    | Pick<
        PhysicianRow,
        'id' | 'prefix' | 'firstName' | 'lastName' | 'suffix' | 'middleInitial' | 'accessCode'
      >
    | undefined,
): JobViewDetails['dictator'] {
  if (!p) return null;
  return {
    userId: p.id,
    prefix: p.prefix,
    firstName: p.firstName,
    lastName: p.lastName,
    suffix: p.suffix,
    middleInitial: p.middleInitial,
    accessCode: p.accessCode,
  };
}

/** Spec 02 §3 "Work type". */
export function toWorkType(w: WorkTypeRow): WorkType {
  return {
    id: w.id,
    name: w.name,
    number: w.number,
    enableAddressee: w.enableAddressee,
    minAddressees: w.minAddressees,
    maxAddressees: w.maxAddressees,
    maxAddresseesSpecified: w.maxAddressees !== null,
    allowPatientAsRecipient: w.allowPatientAsRecipient,
  };
}

const DETAIL_FIELDS = Object.keys(PHYSICIAN_DETAIL_FIELDS) as PhysicianDetailField[];
/** The patient's name is ADT data, never a recipient row's (spec 02 §3 popover: 'The Patient'). */
const PATIENT_HIDDEN = new Set<PhysicianDetailField>(['firstName', 'middleInitial', 'lastName']);

/** A custom recipient's or the patient's details as typed (never the patient's name). */
function typedDetails(r: RecipientRow): Record<PhysicianDetailField, string | null> {
  const typed = {} as Record<PhysicianDetailField, string | null>;
  for (const k of DETAIL_FIELDS)
    typed[k] = r.isPatient && PATIENT_HIDDEN.has(k) ? null : (r.custom?.[k] ?? null);
  return typed;
}

/** Spec 02 §3 "Recipient": a physician recipient, the patient, or a custom one as typed. */
export function toRecipient(r: RecipientRow, physician: PhysicianRow | undefined): Recipient {
  const base = physician ? toPhysician(physician) : { ...emptyPhysician, ...typedDetails(r) };
  return {
    ...base,
    id: r.id,
    auto: r.auto,
    autoSpecified: true,
    isAddressee: r.isAddressee,
    isAddresseeSpecified: true,
    isPatient: r.isPatient,
    isPatientSpecified: true,
    capacityCode: r.capacityCode,
    capacityDescription: r.capacityDescription,
    removed: r.removed,
    removedSpecified: true,
  };
}

/** The job's recipients in order (loaded with it, loadJobWith.ts), as spec 02 §3 describes them. */
export function recipientsOf(job: { recipients: (RecipientRow & { physician: PhysicianRow | null })[] }) {
  return job.recipients.map((r): Recipient => toRecipient(r, r.physician ?? undefined));
}

/** Whether a work type is one the job may have: its facility's, or inherited from its structure. */
function belongsTo(w: WorkTypeRow, job: Pick<Job, 'clientFacilityId' | 'corporateStructureId'>) {
  return (
    w.corporateStructureId === job.corporateStructureId &&
    (w.clientFacilityId === null || w.clientFacilityId === job.clientFacilityId)
  );
}

/** The job's work type (loaded with it), when it belongs to the job's facility or structure. */
export function workTypeOf(
  job: Pick<Job, 'clientFacilityId' | 'corporateStructureId'> & { workType: WorkTypeRow | null },
): WorkType | null {
  return job.workType && belongsTo(job.workType, job) ? toWorkType(job.workType) : null;
}

/** The work type, when it belongs to the job's facility or is inherited from its structure. */
export async function loadWorkType(
  db: Db,
  job: Pick<Job, 'clientFacilityId' | 'corporateStructureId'>,
  id: number,
) {
  const [w] = await db
    .select()
    .from(workTypes)
    .where(
      and(
        eq(workTypes.id, id),
        eq(workTypes.corporateStructureId, job.corporateStructureId),
        or(eq(workTypes.clientFacilityId, job.clientFacilityId), isNull(workTypes.clientFacilityId)),
      ),
    );
  return w;
}

/** Physicians by id, only those of the structure. */
export async function loadPhysicians(db: Db, corporateStructureId: number, ids: readonly (number | null)[]) {
  // An id no int4 column can hold names no physician (and must not reach the database).
  const wanted = [...new Set(ids.filter((id): id is number => id !== null && id <= MAX_INT4))];
  if (!wanted.length) return new Map<number, PhysicianRow>();
  const rows = await db
    .select()
    .from(physicians)
    .where(and(inArray(physicians.id, wanted), eq(physicians.corporateStructureId, corporateStructureId)));
  return new Map(rows.map((p) => [p.id, p]));
}
