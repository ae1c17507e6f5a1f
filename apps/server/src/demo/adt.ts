import { ADT_DATA_TYPES, adtDateTime } from '@quill/core';
import type { adtDefinitions, adtSearchConfigurations } from '../db/schema/index.js';
import type { PatientModel, VisitModel } from './model.js';
import { type Rng, rngFor } from './prng.js';

/** Spec 02 §3 ADT data types. */
export const ADT_TYPES = ADT_DATA_TYPES;

type Def = Omit<typeof adtDefinitions.$inferInsert, 'corporateStructureId'>;

function def(
  heading: string,
  display: string,
  segment: string,
  field: number,
  component: number,
  dataType: number,
  ordinal: number,
  extra: Partial<Def> = {},
): Def {
  // Insurance (IN1) belongs to the visit's account, so an upload keeps it with the visit.
  const segmentType = segment === 'PID' ? 0 : segment === 'PV1' || segment === 'IN1' ? 1 : 2;
  return {
    columnHeading: heading,
    displayName: display,
    segmentName: segment,
    segmentType,
    fieldIndex: field,
    componentIndex: component,
    dataType,
    isDateTime: dataType === ADT_TYPES.dateTime || dataType === ADT_TYPES.date,
    ordinal,
    ...extra,
  };
}

/** A physician-type item: segment.field, component 1 (the XCN's ID number) by convention. */
const physician = (heading: string, display: string, segment: string, field: number, extra: Partial<Def>) =>
  def(heading, display, segment, field, 1, ADT_TYPES.string, 0, { isPhysician: true, ...extra });

/**
 * The patient and visit fields both demo structures define (inherited by every facility). Ordinal
 * 0 (insurance) lists last. The visit number sits at PID 18.1, where spec 02 §3 puts the visit id.
 */
export const ADT_FIELDS: Def[] = [
  def('MRN', 'Patient ID (MRN)', 'PID', 3, 1, ADT_TYPES.string, 1, { mandatory: true, readOnly: true }),
  def('LastName', 'Last Name', 'PID', 5, 1, ADT_TYPES.string, 2, { mandatory: true }),
  def('FirstName', 'First Name', 'PID', 5, 2, ADT_TYPES.string, 3, { mandatory: true }),
  def('MiddleName', 'Middle Name', 'PID', 5, 3, ADT_TYPES.string, 4),
  def('DOB', 'Date of Birth', 'PID', 7, 1, ADT_TYPES.date, 5, { mandatory: true }),
  def('Sex', 'Sex', 'PID', 8, 1, ADT_TYPES.string, 6),
  def('Phone', 'Home Phone', 'PID', 13, 1, ADT_TYPES.string, 7),
  def('VisitID', 'Visit Number', 'PID', 18, 1, ADT_TYPES.string, 8, { mandatory: true }),
  def('SSN', 'Social Security Number', 'PID', 19, 1, ADT_TYPES.ssn, 9),
  def('PatientClass', 'Patient Class', 'PV1', 2, 1, ADT_TYPES.string, 10),
  def('AdmitDate', 'Admit Date/Time', 'PV1', 44, 1, ADT_TYPES.dateTime, 11),
  def('DischargeDate', 'Discharge Date/Time', 'PV1', 45, 1, ADT_TYPES.dateTime, 12),
  def('InsuranceCompany', 'Insurance Company', 'IN1', 4, 1, ADT_TYPES.string, 0),
  def('PolicyNumber', 'Insurance Policy Number', 'IN1', 36, 1, ADT_TYPES.string, 0),
];

/** The physician-type items of every facility: attending (follows the dictator) and referring. */
export const PHYSICIAN_FIELDS: Def[] = [
  physician('Attending', 'Attending Physician', 'PV1', 7, {
    ordinal: 1,
    refreshOnEdit: true,
    follows: 'dictator',
  }),
  physician('Referring', 'Referring Physician', 'PV1', 8, { ordinal: 2 }),
];

/** The order template of the facilities that use orders; the summary shows number, procedure, date. */
export const ORDER_FIELDS: Def[] = [
  def('OrderNumber', 'Order Number', 'ORC', 2, 1, ADT_TYPES.string, 12, {
    mandatory: true,
    inOrderSummary: true,
  }),
  def('OrderDescription', 'Ordered Procedure', 'OBR', 4, 2, ADT_TYPES.string, 13, { inOrderSummary: true }),
  def('OrderDate', 'Order Date/Time', 'OBR', 7, 1, ADT_TYPES.dateTime, 14, { inOrderSummary: true }),
  physician('OrderingPhysician', 'Ordering Physician', 'OBR', 16, { ordinal: 1 }),
];

/** What some facilities change of the structure's set: SSN highlighted, and a room and bed. */
export const FACILITY_OVERRIDES: Def[] = [
  def('SSN', 'SSN', 'PID', 19, 1, ADT_TYPES.ssn, 9, { highlighted: true }),
  def('RoomBed', 'Room/Bed', 'PV1', 3, 2, ADT_TYPES.string, 0),
];

/** Which facilities of the big structure use orders (the small one does not): every other one. */
export const usesOrders = (big: boolean, facilityNumber: number): boolean => big && facilityNumber % 2 === 1;
/** Which facilities of the big structure override the structure's ADT set. */
export const overridesAdt = (big: boolean, facilityNumber: number): boolean =>
  big && facilityNumber % 3 === 2;

/** The ADT searches a facility offers: by patient demographics and by visit number. */
export function searchConfigurations(): Omit<
  typeof adtSearchConfigurations.$inferInsert,
  'clientFacilityId'
>[] {
  const field = (name: string, type: string, segment: string, f: number, c: number, source: string) => ({
    name,
    type,
    hl7Identifier: { segment, field: f, component: c },
    source,
  });
  return [
    {
      name: 'Patient search',
      identifier: 'patient',
      searchFields: [
        field('MRN', 'string', 'PID', 3, 1, 'patient'),
        field('Last Name', 'string', 'PID', 5, 1, 'patient'),
        field('First Name', 'string', 'PID', 5, 2, 'patient'),
        field('Date of Birth', 'date', 'PID', 7, 1, 'patient'),
      ],
    },
    {
      name: 'Visit search',
      identifier: 'visit',
      searchFields: [field('Visit Number', 'string', 'PID', 18, 1, 'visit')],
    },
  ];
}

const INSURERS = [
  'Blue Cross Blue Shield',
  'Aetna',
  'UnitedHealthcare',
  'Cigna',
  'Humana',
  'Medicare',
  'Medicaid',
  'Kaiser Permanente',
] as const;

/** The visit's insurance (IN1), from its own generator so the main sequence is unchanged. */
export function visitInsurance(visitId: number): VisitModel['insurance'] {
  const rng = rngFor('insurance', visitId);
  if (rng.chance(0.08)) return null; // self-pay
  return { company: rng.pick(INSURERS), policy: `${rng.pick(['XK', 'MB', 'QH', 'ZR'])}${rng.int(1e7, 9e7)}` };
}

/** The visit's values a visit record keeps beside its columns (IN1 insurance). */
export function visitRecordAdt(visit: VisitModel): Record<string, string> {
  return visit.insurance ? { 'IN1.4.1': visit.insurance.company, 'IN1.36.1': visit.insurance.policy } : {};
}

/** The job's patient and visit values (keys "SEG.field.component"; times on the facility's clock). */
export function jobAdt(
  patient: PatientModel,
  visit: VisitModel | undefined,
  timeZone: string,
): Record<string, string> {
  const adt: Record<string, string> = {
    'PID.3.1': patient.mrn,
    'PID.5.1': patient.lastName,
    'PID.5.2': patient.firstName,
    'PID.7.1': patient.dateOfBirth,
    'PID.8.1': patient.sex,
    'PID.13.1': patient.phone,
    'PID.19.1': patient.ssn,
  };
  if (patient.middleName) adt['PID.5.3'] = patient.middleName;
  if (visit) {
    adt['PID.18.1'] = visit.number;
    adt['PV1.2.1'] = visit.patientClass;
    adt['PV1.44.1'] = adtDateTime(visit.admittedAt, timeZone);
    if (visit.dischargedAt !== null) adt['PV1.45.1'] = adtDateTime(visit.dischargedAt, timeZone);
    Object.assign(adt, visitRecordAdt(visit));
  }
  return adt;
}

/** An order's values on a job (its template's keys; the time on the facility's clock). */
export function jobOrderAdt(
  order: { number: string; description: string; orderedAt: number },
  timeZone: string,
): Record<string, string> {
  return {
    'ORC.2.1': order.number,
    'OBR.4.2': order.description,
    'OBR.7.1': adtDateTime(order.orderedAt, timeZone),
  };
}

/** A job's physician-type items: the attending follows the dictator; a referrer from the job's own generator. */
export function jobPhysicians(jobId: number, dictatorId: number | null, pool: readonly { id: number }[]) {
  const rng: Rng = rngFor('adt-physicians', jobId);
  const out: Record<string, number> = {};
  if (dictatorId !== null) out['PV1.7'] = dictatorId;
  if (pool.length && rng.chance(0.7)) out['PV1.8'] = rng.pick(pool).id;
  return out;
}
