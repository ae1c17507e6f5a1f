/**
 * The top navigation of spec 01 §2 "Top navigation" with the gates of spec 01 §6, as data: which
 * entries a signed-in account sees and where each one goes. The web app only renders the answer.
 */

import { ACCOUNT } from '../../contract/endpoints/account.js';
import { PRODUCTIVITY_MENU_PERMISSION } from '../reports/productivity.js';
import { TAT_REPORT_PERMISSION } from '../reports/tatReport.js';

/** Spec 01 §2 "Legacy pages": paths opened in a new window, by path only, on the legacy host. */
export const LEGACY_PATHS = {
  jobSearch: '/job/search',
  patientUpload: '/ambulatory/uploadadt',
  createWithAudio: '/job/createwithaudio',
  userAdd: '/users/user.aspx?ACT=ADD',
  userSearch: '/users/user.aspx',
  myProfile: '/users/user.aspx?ACT=MYPROFILE',
} as const;

/** Spec 01 §2: the SPA route of the schedule upload (spec 02). */
export const SCHEDULE_UPLOAD_PATH = '/schedule/upload';

/**
 * The patient-data upload in Quill (issue 20): the schedule upload's flow with the ADT form type.
 * Upload ▸ Patient opens it when there is no legacy host; the legacy path redirects to it then.
 */
export const PATIENT_UPLOAD_PATH = '/patient/upload';

/** Job Search in Quill (used when there is no legacy host). */
export const JOB_SEARCH_PATH = '/search';

/** My Profile in Quill (issue 26; used when there is no legacy host). */
export const PROFILE_PATH = '/profile';

/** Users ▸ Search users and Add user in Quill (issue 26; used when there is no legacy host). */
export const USERS_PATH = '/users';
export const USER_ADD_PATH = '/users/new';

/**
 * A facility's reference data in Quill (issue 26; only without a legacy host, whose own pages keep
 * it then): work types, departments, locations, physicians, hold-queue rules, ADT set-up.
 */
export const REFERENCE_DATA_PATH = '/reference';

/** The turnaround report in Quill (issue 27; User ▸ Turnaround report, with or without a legacy host). */
export const TAT_REPORT_PATH = '/reports/turnaround';

/** The Interfaces screen (issue 44): the HL7 message log, User ▸ Interfaces with adtUpload. */
export const INTERFACES_PATH = '/interfaces';

/** The signed-in account's own productivity (issue 27; My Account ▸ My productivity). */
export const PRODUCTIVITY_PATH = '/productivity';

/** Where a set-password link leads (the token in the fragment). */
export const SET_PASSWORD_PAGE_PATH = '/setpassword';

/** Quill's own user guide (docs/user-guide.md), served by the server as a page. */
export const USER_GUIDE_PATH = '/help';

/**
 * Spec 01 §2: Sign Out ends the session at this server path: a POST with the CSRF check (issue 23),
 * then a full page load of the sign-in scheme the server answers.
 */
export const SIGN_OUT_PATH = ACCOUNT.signOut.path;

/** Spec 01 §2: the legacy job details page of one job (the job id link in the table). */
export function legacyJobDetailsPath(jobId: string | number): string {
  return `/search/job/jobdetails.aspx?ID=${encodeURIComponent(String(jobId))}`;
}

/** A legacy path on the legacy host (`fftmBaseUrl` of the user settings), without a doubled slash. */
export function legacyUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Where a navigation entry goes. */
export type NavTarget =
  /** A legacy page, opened in a new window on the legacy host. */
  | { kind: 'legacy'; path: string }
  /** A page of this app. */
  | { kind: 'route'; path: string }
  /** Sign Out: POST {@link SIGN_OUT_PATH}, then a full page load of the address it answers. */
  | { kind: 'signOut' }
  /** The documentation link the server answers (GET /api/documentation/link), in a new window. */
  | { kind: 'documentation' };

/** The entries a menu can hold; each id is also its catalogue key under `nav.`. */
export type NavLinkId =
  | 'jobSearch'
  | 'uploadPatient'
  | 'uploadSchedule'
  | 'uploadCreateWithAudio'
  | 'userAdd'
  | 'userSearch'
  | 'referenceData'
  | 'tatReport'
  | 'interfaces'
  | 'help'
  | 'myProfile'
  | 'myProductivity'
  | 'signOut';

/** The dropdowns; each id is also its catalogue key under `nav.`. */
export type NavMenuId = 'upload' | 'user' | 'myAccount';

/** One link or button of the bar or of a dropdown. */
export interface NavLink {
  type: 'link';
  id: NavLinkId;
  target: NavTarget;
}

/** A dropdown and its visible items (never empty). */
export interface NavMenu {
  type: 'menu';
  id: NavMenuId;
  items: NavLink[];
}

/** One entry of the bar: a link (or the Help button) or a dropdown. */
export type NavEntry = NavLink | NavMenu;

function link(id: NavLinkId, target: NavTarget): NavLink {
  return { type: 'link', id, target };
}

function gated(permissions: ReadonlySet<string>, permission: string, entry: NavLink): NavLink[] {
  return permissions.has(permission) ? [entry] : [];
}

/**
 * Spec 01 §2/§6: the entries of the top navigation, left to right, for an account's permissions.
 * Job Search only when authenticated; the Upload dropdown when any of adtUpload (Patient),
 * physicianScheduleUpload (Schedule) or jobCreate (Create with Audio) is held; the User dropdown's
 * Add needs dictatorAdd, Search dictatorView, (without a legacy host) Reference data dictatorView
 * and Turnaround report dictatorAdd (issue 27), Interfaces adtUpload (issue 44; a dropdown with
 * no permitted item is left out);
 * the Help icon and the My Account dropdown (My Profile, My productivity with jobEditText, Sign
 * Out) always. Without a legacy host (`legacyHost: false`) Job Search, Upload ▸ Patient, the User
 * pages and My Profile are Quill's own pages.
 */
export function navigationItems(
  permissions: Iterable<string>,
  { authenticated = true, legacyHost = true }: { authenticated?: boolean; legacyHost?: boolean } = {},
): NavEntry[] {
  const held = new Set(permissions);
  const entries: NavEntry[] = [];
  if (authenticated)
    entries.push(
      link(
        'jobSearch',
        legacyHost
          ? { kind: 'legacy', path: LEGACY_PATHS.jobSearch }
          : { kind: 'route', path: JOB_SEARCH_PATH },
      ),
    );

  const upload = [
    ...gated(
      held,
      'adtUpload',
      link(
        'uploadPatient',
        legacyHost
          ? { kind: 'legacy', path: LEGACY_PATHS.patientUpload }
          : { kind: 'route', path: PATIENT_UPLOAD_PATH },
      ),
    ),
    ...gated(
      held,
      'physicianScheduleUpload',
      link('uploadSchedule', { kind: 'route', path: SCHEDULE_UPLOAD_PATH }),
    ),
    ...gated(
      held,
      'jobCreate',
      link('uploadCreateWithAudio', { kind: 'legacy', path: LEGACY_PATHS.createWithAudio }),
    ),
  ];
  if (upload.length > 0) entries.push({ type: 'menu', id: 'upload', items: upload });

  const user = [
    ...gated(
      held,
      'dictatorAdd',
      link(
        'userAdd',
        legacyHost ? { kind: 'legacy', path: LEGACY_PATHS.userAdd } : { kind: 'route', path: USER_ADD_PATH },
      ),
    ),
    ...gated(
      held,
      'dictatorView',
      link(
        'userSearch',
        legacyHost ? { kind: 'legacy', path: LEGACY_PATHS.userSearch } : { kind: 'route', path: USERS_PATH },
      ),
    ),
    ...(legacyHost
      ? []
      : gated(held, 'dictatorView', link('referenceData', { kind: 'route', path: REFERENCE_DATA_PATH }))),
    ...gated(held, TAT_REPORT_PERMISSION, link('tatReport', { kind: 'route', path: TAT_REPORT_PATH })),
    ...gated(held, 'adtUpload', link('interfaces', { kind: 'route', path: INTERFACES_PATH })),
  ];
  if (user.length > 0) entries.push({ type: 'menu', id: 'user', items: user });

  entries.push(link('help', { kind: 'documentation' }));
  entries.push({
    type: 'menu',
    id: 'myAccount',
    items: [
      link(
        'myProfile',
        legacyHost ? { kind: 'legacy', path: LEGACY_PATHS.myProfile } : { kind: 'route', path: PROFILE_PATH },
      ),
      ...gated(
        held,
        PRODUCTIVITY_MENU_PERMISSION,
        link('myProductivity', { kind: 'route', path: PRODUCTIVITY_PATH }),
      ),
      link('signOut', { kind: 'signOut' }),
    ],
  });
  return entries;
}
