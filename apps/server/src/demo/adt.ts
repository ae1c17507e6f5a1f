import type { adtDefinitions, adtSearchConfigurations } from '../db/schema/index.js';
import { iso, type PatientModel, type VisitModel } from './model.js';

/** Spec 02 §3 ADT data types. */
export const ADT_TYPES = {
  dateTime: 0,
  date: 1,
  decimal: 2,
  ssn: 3,
  string: 4,
  time: 5,
  boolean: 6,
} as const;

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
  const segmentType = segment === 'PID' ? 0 : segment === 'PV1' ? 1 : 2;
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

/** The ADT fields both demo structures define (inherited by every facility). */
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
  def('OrderNumber', 'Order Number', 'ORC', 2, 1, ADT_TYPES.string, 12),
  def('OrderDescription', 'Ordered Procedure', 'OBR', 4, 2, ADT_TYPES.string, 13),
];

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

/** The job's ADT values (keys "SEG.field.component"; dates as xs:date, times as xs:dateTime). */
export function jobAdt(
  patient: PatientModel,
  visit: VisitModel | undefined,
  order?: { number: string; description: string },
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
    adt['PV1.44.1'] = iso(visit.admittedAt).slice(0, 19);
  }
  if (order) {
    adt['ORC.2.1'] = order.number;
    adt['OBR.4.2'] = order.description;
  }
  return adt;
}
