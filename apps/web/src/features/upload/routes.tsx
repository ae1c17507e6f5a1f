import { PATIENT_UPLOAD_PATH, SCHEDULE_UPLOAD_PATH } from '@quill/core/rules/settings/navigation';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from '../../app/session/authedRoute';

/**
 * /schedule/upload (route scheduleUpload, spec 02 §2): the Schedule Upload page, under the
 * authenticated layout (requireUser) and loaded on demand. The navigation's Upload ▸ Schedule
 * links here.
 */
export const scheduleUploadRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: SCHEDULE_UPLOAD_PATH.replace(/^\//, '') as 'schedule/upload',
  staticData: { requireUser: true },
  component: lazyRouteComponent(() => import('./ScheduleUploadPage'), 'ScheduleUploadPage'),
});

/**
 * /patient/upload (route patientUpload, issue 20): the Patient Upload page, as the schedule's. The
 * navigation's Upload ▸ Patient links here without a legacy host; the legacy /ambulatory/uploadadt
 * redirects here then.
 */
export const patientUploadRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: PATIENT_UPLOAD_PATH.replace(/^\//, '') as 'patient/upload',
  staticData: { requireUser: true },
  component: lazyRouteComponent(() => import('./PatientUploadPage'), 'PatientUploadPage'),
});
