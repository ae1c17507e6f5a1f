import { UploadPage } from './UploadPage';
import { SCHEDULE_FORM } from './uploadForms';

/**
 * /schedule/upload, "Schedule Upload" (spec 02 §2, §4, §5, §7, §8): the upload with heading
 * mapping as a schedule (form type SCHEDULE). Needs physicianScheduleUpload.
 */
export function ScheduleUploadPage() {
  return <UploadPage form={SCHEDULE_FORM} />;
}
