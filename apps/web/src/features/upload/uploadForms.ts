import { SCHEDULE } from '@quill/core/contract/endpoints/schedule';
import { UPLOAD_FORM_TYPES, type UploadFormType } from '@quill/core/contract/schedule';

/**
 * What tells the two uploads with heading mapping apart (spec 02 §3 form types): the Schedule
 * Upload (SCHEDULE 1, SubmitScheduleHeadings, physicianScheduleUpload) and the patient-data upload
 * of Upload ▸ Patient (ADT 0, SubmitADTHeadings, adtUpload, issue 20). Everything else — the
 * steps, the heading mapping, the status and the recent uploads — is the same page.
 */
export interface UploadFormKind {
  formType: UploadFormType;
  /** The permission the page and its submit need (the server checks it again). */
  permission: 'physicianScheduleUpload' | 'adtUpload';
  /** uploads.kind of the recent uploads this page lists. */
  kind: 'SCHEDULE' | 'ADT';
  submit: typeof SCHEDULE.submitScheduleHeadings | typeof SCHEDULE.submitAdtHeadings;
  titleKey: 'schedule.title' | 'schedule.patientTitle';
  uploadAnotherKey: 'schedule.uploadAnother' | 'schedule.uploadAnotherPatient';
}

/** /schedule/upload. */
export const SCHEDULE_FORM: UploadFormKind = {
  formType: UPLOAD_FORM_TYPES.SCHEDULE,
  permission: 'physicianScheduleUpload',
  kind: 'SCHEDULE',
  submit: SCHEDULE.submitScheduleHeadings,
  titleKey: 'schedule.title',
  uploadAnotherKey: 'schedule.uploadAnother',
};

/** /patient/upload: patients, visits and orders for the ADT search; no visit id needed. */
export const PATIENT_FORM: UploadFormKind = {
  formType: UPLOAD_FORM_TYPES.ADT,
  permission: 'adtUpload',
  kind: 'ADT',
  submit: SCHEDULE.submitAdtHeadings,
  titleKey: 'schedule.patientTitle',
  uploadAnotherKey: 'schedule.uploadAnotherPatient',
};
