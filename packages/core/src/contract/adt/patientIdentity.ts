import { z } from 'zod';
import { message } from '../../i18n/format.js';
import { plainText } from '../documents/text.js';

/**
 * Who a job is about, twice (issue 39): the patient its document names and the patient of its ADT
 * data, answered together so a person deciding who the job is about can compare them.
 */

const part = z.string().nullable();

/** The document's patient (rules/jobEditor/patientIdentity DocumentPatient); every part null when not given. */
export const DocumentPatientSchema = z.object({
  name: part,
  mrn: part,
  /** xs:date when the document's date could be read, else as written. */
  birthDate: part,
  sex: part,
});

/** The job's patient as its ADT data holds it (PID.5.1, .5.2, .5.3, PID.3.1, PID.7.1, PID.8.1). */
export const JobPatientIdentitySchema = z.object({
  lastName: part,
  firstName: part,
  middleName: part,
  mrn: part,
  birthDate: part,
  sex: part,
});

/** Answer of GET /api/job/GetDocumentPatient. */
export const DocumentPatientAnswerSchema = z.object({
  jobId: z.number().int(),
  /** Null when the job has no document (audio only) or its document names no patient. */
  documentPatient: DocumentPatientSchema.nullable(),
  /** The job's patient as stored (the panel compares its unsaved values itself). */
  jobPatient: JobPatientIdentitySchema,
});
export type DocumentPatientAnswer = z.infer<typeof DocumentPatientAnswerSchema>;

/** The longest reason a confirmation may give. */
export const IDENTITY_REASON_MAX = 500;

/**
 * A save's confirmation that the job is released although a patient-identity rule fails: the
 * reason, kept in the audit trail (one line of text, no control characters).
 */
export const IdentityConfirmationSchema = z.object({
  reason: plainText('reason', { max: IDENTITY_REASON_MAX })
    .trim()
    .min(1, message('patientIdentity.reasonRequired')),
});
export type IdentityConfirmation = z.infer<typeof IdentityConfirmationSchema>;
