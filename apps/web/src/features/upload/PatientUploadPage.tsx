import { UploadPage } from './UploadPage';
import { PATIENT_FORM } from './uploadForms';

/**
 * /patient/upload, "Patient Upload" (issue 20, Upload ▸ Patient): the same upload with heading
 * mapping as patient data (form type ADT, SubmitADTHeadings), feeding the patients, visits and
 * orders the ADT search finds. Needs adtUpload.
 */
export function PatientUploadPage() {
  return <UploadPage form={PATIENT_FORM} />;
}
