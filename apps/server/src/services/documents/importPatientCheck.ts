import {
  canSeePatientName,
  DOCUMENT_DATE_FORMATS,
  DOCUMENT_PATIENT_DIFFERS,
  type DocumentPatient,
  type DocumentPatientMismatch,
  documentNamesPatient,
  formatJobDate,
  type IdentityPart,
  type ImportDocumentResult,
  identityComparedParts,
  identityDifferenceValues,
  message,
  type PatientCheck,
} from '@quill/core';
import type { AppContext } from '../../context.js';
import { documentRefusal } from '../../documents/documentRefusal.js';
import { conflict, withDetails } from '../../errors/domainErrors.js';
import type { Auth } from '../auth/auth.js';
import { jobPatientOf } from '../jobEditor/holdQueue/documentPatientFlag.js';

/*
 * Issue 40, "whose document is this": an imported file's patient beside the job's, and the 409 of
 * a file about another patient. The import checks it before storing the file and again under the
 * job's lock (a save may have changed the job's patient in between).
 */

/** Who the imported file says it is about (issue 39's reader, on a document thread). */
export async function uploadPatient(
  ctx: AppContext,
  bytes: Buffer,
  format: ImportDocumentResult['format'],
): Promise<DocumentPatient | null> {
  try {
    const patient = await ctx.documents.run('documentPatient', { stored: bytes, storedFormat: format });
    return documentNamesPatient(patient) ? patient : null;
  } catch (err) {
    throw documentRefusal(err) ?? err;
  }
}

/** How the file's patient compares with the job's (as `db` holds the job's ADT data). */
export interface PatientComparison {
  check: Exclude<PatientCheck, 'confirmed'> | 'differs';
  mismatch: DocumentPatientMismatch;
}

export async function comparePatients(
  db: Parameters<typeof jobPatientOf>[0],
  job: Parameters<typeof jobPatientOf>[1],
  document: DocumentPatient | null,
): Promise<PatientComparison> {
  const jobPatient = await jobPatientOf(db, job);
  const differences = identityDifferenceValues(document, jobPatient);
  const check = !document
    ? 'none'
    : differences.length
      ? 'differs'
      : identityComparedParts(document, jobPatient).length
        ? 'match'
        : 'notCompared';
  return { check, mismatch: { differences, documentPatient: document, jobPatient } };
}

/** How a refusal reads for the importer: with both values or without, dates in whose format. */
export interface RefusalView {
  showValues: boolean;
  dateFormat: string;
}

/** The command line's operator (no account) may see patient data, in the documents' date format. */
export function refusalView(auth: Auth | null): RefusalView {
  return {
    showValues: auth === null || canSeePatientName(auth.permissions),
    dateFormat: auth?.display.dateFormat ?? DOCUMENT_DATE_FORMATS.dateFormat,
  };
}

/**
 * The 409 of a file about another patient (issue 40): the parts that differ, and — for a caller
 * who may see patient data (the command line's operator may) — both values, in the message and in
 * `details`. The message is answered, never logged (http/errorHandler logs status and code).
 */
export function patientDiffers(
  jobId: number,
  mismatch: DocumentPatientMismatch,
  { showValues, dateFormat }: RefusalView,
) {
  const part = (p: IdentityPart) => message(`patientIdentity.${p}`);
  // A birth date reads in the user's date format (the command line's: the documents' format).
  const value = (p: IdentityPart, v: string | null) =>
    (p === 'birthDate' ? formatJobDate(v, { dateFormat }) || v : v) ?? '—';
  const differences = mismatch.differences
    .map((d) =>
      showValues
        ? message('documentPatient.difference', {
            part: part(d.part),
            document: value(d.part, d.document),
            job: value(d.part, d.job),
          })
        : message('documentPatient.differenceWithheld', { part: part(d.part) }),
    )
    .join('; ');
  const details: DocumentPatientMismatch = showValues
    ? mismatch
    : {
        differences: mismatch.differences.map((d) => ({ part: d.part, document: null, job: null })),
        documentPatient: null,
        jobPatient: null,
      };
  return withDetails(
    conflict(message('documentPatient.differs', { jobId, differences }), DOCUMENT_PATIENT_DIFFERS),
    details,
  );
}

const PATIENT_MESSAGES = {
  match: () => message('documentPatient.match'),
  none: () => message('documentPatient.none'),
  notCompared: () => message('documentPatient.notCompared'),
  confirmed: () => message('documentPatient.confirmed', { flag: message('documentPatient.flag') }),
} satisfies Record<PatientCheck, () => string>;

/** What the import's answer tells the importer about the file's patient. */
export function patientMessage(check: PatientCheck): string {
  return PATIENT_MESSAGES[check]();
}
