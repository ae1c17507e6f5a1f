import type { DocTemplateKey } from '@quill/core';

/** The fixed "now" of the demo data, so every run writes the same dates. */
export const REFERENCE_TIME = Date.parse('2026-11-01T12:00:00Z');
export const DAY_MS = 86_400_000;

/** ISO timestamp of epoch milliseconds. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** ISO date (YYYY-MM-DD) of epoch milliseconds. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export interface StructureModel {
  id: number;
  name: string;
  code: string;
  big: boolean;
}

export interface WorkTypeModel {
  id: number;
  name: string;
  number: number;
  enableAddressee: boolean;
  minAddressees: number;
  maxAddressees: number | null;
  allowPatientAsRecipient: boolean;
  template: DocTemplateKey;
  weight: number;
}

export interface RuleModel {
  code: string;
  description: string;
  kind: string;
  enabled: boolean;
}

export interface FacilityModel {
  id: number;
  index: number;
  structure: StructureModel;
  serviceCentreId: number;
  name: string;
  code: string;
  faxNumber: string;
  attachmentsEnabled: boolean;
  /** IANA zone of the facility's clock (ADT times are written on it). */
  timeZone: string;
  /** The facility has an order template (the Orders panel); its jobs get orders. */
  usesOrders: boolean;
  /** The facility offers the ADT searches (Search & Accept ADT). */
  adtSearch: boolean;
  workTypes: WorkTypeModel[];
  departmentIds: number[];
  locationIds: number[];
  rules: RuleModel[];
  /** Relative share of the jobs. */
  weight: number;
}

export interface PhysicianModel {
  id: number;
  structureId: number;
  /** Null: a structure-wide physician, seen by every facility of the structure. */
  facilityId: number | null;
  prefix: string | null;
  firstName: string;
  middleInitial: string | null;
  lastName: string;
  credentials: string;
  accessCode: string;
  fax: string | null;
  telephone: string;
  isDictator: boolean;
  distributionMethod: 'fax' | 'print' | 'electronic';
}

export interface VisitModel {
  id: number;
  number: string;
  patientClass: string;
  admittedAt: number;
  dischargedAt: number | null;
  /** IN1 insurance company and policy number; null for self-pay. */
  insurance: { company: string; policy: string } | null;
  orderIds: number[];
}

export interface PatientModel {
  id: number;
  index: number;
  structureId: number;
  /** The facility whose jobs mostly concern this patient. */
  homeFacilityIndex: number;
  mrn: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string;
  sex: 'F' | 'M' | 'U';
  phone: string;
  ssn: string;
  address: { street: string; city: string; state: string; postalCode: string };
  visits: VisitModel[];
  /**
   * Registered in the emergency department without a date of birth, and concerned by one job only:
   * the dictation the ADT feed did not match (jobPlan's `unmatched`), whose document gives the
   * date of birth as dictated.
   */
  walkIn?: boolean;
}
