import { namesAgree, nameWords } from './holdQueueRules.js';

/**
 * Who a document says it is about (issue 39): the CDA's recordTarget/patientRole, or the patient
 * line or table of a Word document. Every part is null when the document does not give it.
 */
export interface DocumentPatient {
  /** The name as the document writes it ("Zachary Kowalski", "Kowalski, Zachary"). */
  name: string | null;
  mrn: string | null;
  /** xs:date (YYYY-MM-DD) when the document's date could be read, else as written. */
  birthDate: string | null;
  /** M, F, U … (the first letter of the document's code or word, upper case). */
  sex: string | null;
}

/** The job's patient as the ADT data holds it (the same parts, from PID). */
export interface JobPatientIdentity {
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  mrn: string | null;
  birthDate: string | null;
  sex: string | null;
}

/** The parts a person compares to tell two patients apart. */
export const IDENTITY_PARTS = ['name', 'mrn', 'birthDate', 'sex'] as const;
export type IdentityPart = (typeof IDENTITY_PARTS)[number];

/** The ADT positions of the job's patient (docs/domain.md "ADT"). */
export const PATIENT_ADT_KEYS = {
  lastName: 'PID.5.1',
  firstName: 'PID.5.2',
  middleName: 'PID.5.3',
  mrn: 'PID.3.1',
  birthDate: 'PID.7.1',
  sex: 'PID.8.1',
} as const satisfies Record<keyof JobPatientIdentity, string>;

const text = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** The job's patient from its ADT values keyed "SEG.field.component". */
export function jobPatientFromAdt(
  adt: Readonly<Record<string, string | null | undefined>>,
): JobPatientIdentity {
  const read = (key: keyof JobPatientIdentity) => text(adt[PATIENT_ADT_KEYS[key]]);
  return {
    lastName: read('lastName'),
    firstName: read('firstName'),
    middleName: read('middleName'),
    mrn: read('mrn'),
    birthDate: read('birthDate'),
    sex: read('sex'),
  };
}

/** A date as xs:date: HL7 TS ("19610704…") and ISO dates; other text as written (trimmed); null for none. */
export function identityDate(value: string | null | undefined): string | null {
  const v = text(value);
  if (!v) return null;
  const hl7 = /^(\d{4})(\d{2})(\d{2})/.exec(v);
  if (hl7) return `${hl7[1]}-${hl7[2]}-${hl7[3]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (us) return `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  return v;
}

/** A sex as its one-letter code (Male → M); null for none. */
export function identitySex(value: string | null | undefined): string | null {
  const v = text(value);
  return v ? v[0]!.toUpperCase() : null;
}

/** The job's patient's name parts that a document's name must hold (last, first). */
const nameParts = (job: Pick<JobPatientIdentity, 'lastName' | 'firstName'>) =>
  [job.lastName, job.firstName].filter((p): p is string => text(p) !== null);

/**
 * Whether one value of a patient (a part of JobPatientIdentity: a search result's cell, an ADT
 * value) differs from what the document says; false when either side is empty (nothing to compare).
 * A name part differs when one of its words is not in the document's name.
 */
export function identityValueDiffers(
  part: keyof JobPatientIdentity,
  value: string | null | undefined,
  document: DocumentPatient | null,
): boolean {
  const v = text(value);
  if (!v || !document) return false;
  switch (part) {
    case 'lastName':
    case 'firstName':
    case 'middleName': {
      const name = text(document.name);
      if (!name) return false;
      const words = new Set(nameWords(name));
      return !nameWords(v).every((w) => words.has(w));
    }
    case 'mrn': {
      const mrn = text(document.mrn);
      return mrn !== null && mrn.toLowerCase() !== v.toLowerCase();
    }
    case 'birthDate': {
      const born = identityDate(document.birthDate);
      return born !== null && born !== identityDate(v);
    }
    case 'sex': {
      const sex = identitySex(document.sex);
      return sex !== null && sex !== identitySex(v);
    }
  }
}

/**
 * The parts on which the document's patient and the job's patient differ: only parts both give
 * (a part the document or the job leaves out cannot be compared). Names agree as the hold-queue
 * rule reads them (every word of the job's last and first name in the document's name).
 */
export function identityDifferences(
  document: DocumentPatient | null,
  job: JobPatientIdentity | null,
): IdentityPart[] {
  if (!document || !job) return [];
  const out: IdentityPart[] = [];
  const parts = nameParts(job);
  if (text(document.name) && parts.length && !namesAgree(document.name!, parts)) out.push('name');
  for (const part of ['mrn', 'birthDate', 'sex'] as const)
    if (identityValueDiffers(part, job[part], document)) out.push(part);
  return out;
}

/** Who a search result's row is, from its cells and the identity its columns name. */
export function identityOfRow(
  columns: readonly { identity?: keyof JobPatientIdentity | undefined }[],
  cells: readonly (string | null)[],
): JobPatientIdentity {
  const out: JobPatientIdentity = {
    lastName: null,
    firstName: null,
    middleName: null,
    mrn: null,
    birthDate: null,
    sex: null,
  };
  columns.forEach((c, i) => {
    if (c.identity) out[c.identity] = text(cells[i]);
  });
  return out;
}

/** The job's patient's name as the job view writes it: "Last, First Middle". */
export function jobPatientName(job: JobPatientIdentity | null): string | null {
  if (!job) return null;
  const given = [job.firstName, job.middleName].filter((p) => text(p) !== null).join(' ');
  const last = text(job.lastName);
  if (last && given) return `${last}, ${given}`;
  return last ?? (given || null);
}

/**
 * Issue 40: the code of the hold-queue flag a job carries while its document, imported with a
 * confirmation, names another patient than the job's (its words: documentPatient.flag).
 */
export const DOCUMENT_PATIENT_FLAG_CODE = 'DOCPATIENT';

/** One part on which the document's patient and the job's differ, with both values as a person reads them. */
export interface IdentityDifference {
  part: IdentityPart;
  document: string | null;
  job: string | null;
}

/** The value of one part of the job's patient as compared (the name as the job view writes it). */
function jobPart(job: JobPatientIdentity, part: IdentityPart): string | null {
  if (part === 'name') return jobPatientName(job);
  if (part === 'birthDate') return identityDate(job.birthDate);
  if (part === 'sex') return identitySex(job.sex);
  return text(job.mrn);
}

/** The value of one part of the document's patient as compared. */
function documentPart(document: DocumentPatient, part: IdentityPart): string | null {
  if (part === 'birthDate') return identityDate(document.birthDate);
  if (part === 'sex') return identitySex(document.sex);
  return text(document[part]);
}

/** Issue 40: identityDifferences with both values of each part that differs. */
export function identityDifferenceValues(
  document: DocumentPatient | null,
  job: JobPatientIdentity | null,
): IdentityDifference[] {
  if (!document || !job) return [];
  return identityDifferences(document, job).map((part) => ({
    part,
    document: documentPart(document, part),
    job: jobPart(job, part),
  }));
}

/** The parts both patients give (those that can be compared at all). */
export function identityComparedParts(
  document: DocumentPatient | null,
  job: JobPatientIdentity | null,
): IdentityPart[] {
  if (!document || !job) return [];
  return IDENTITY_PARTS.filter(
    (part) => documentPart(document, part) !== null && jobPart(job, part) !== null,
  );
}

/** Whether the document names its patient at all (any part given). */
export function documentNamesPatient(document: DocumentPatient | null): document is DocumentPatient {
  return document !== null && IDENTITY_PARTS.some((part) => text(document[part]) !== null);
}
