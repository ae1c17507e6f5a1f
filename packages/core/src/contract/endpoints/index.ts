import type { Endpoint } from '../endpoint.js';
import { ACCOUNT } from './account.js';
import { ADT } from './adt.js';
import { ADT_SETUP } from './adtSetup.js';
import { ATTACHMENTS } from './attachments.js';
import { AUDIO } from './audio.js';
import { AUDIT } from './audit.js';
import { DELIVERY } from './delivery.js';
import { DOCUMENTS } from './documents.js';
import { FACILITY_LISTS } from './facilityLists.js';
import { FAX } from './fax.js';
import { HEALTH } from './health.js';
import { INTERFACES } from './interfaces.js';
import { JOB_EDITOR } from './jobEditor.js';
import { JOB_LIST } from './jobList.js';
import { PHYSICIAN_DIRECTORY } from './physicianDirectory.js';
import { PRODUCTIVITY } from './productivity.js';
import { PROFILE } from './profile.js';
import { REFERENCE } from './referenceData.js';
import { REPORTS } from './reports.js';
import { SCHEDULE } from './schedule.js';
import { SIGNING } from './signing.js';
import { USERS } from './users.js';
import { WOPI } from './wopi.js';
import { WORD } from './word.js';
import { WORD_CLIENT } from './wordClient.js';

/**
 * The endpoint table (ARCHITECTURE §2, §5): every API call of Quill, by area. The server registers
 * its routes from it (http/serve.ts), the web client calls through it (lib/api.ts callApi) and the
 * OpenAPI document is generated from the registered routes. No API path is written anywhere else.
 */
export const ENDPOINTS = {
  account: ACCOUNT,
  adt: ADT,
  adtSetup: ADT_SETUP,
  attachments: ATTACHMENTS,
  audit: AUDIT,
  audio: AUDIO,
  delivery: DELIVERY,
  documents: DOCUMENTS,
  facilityLists: FACILITY_LISTS,
  fax: FAX,
  health: HEALTH,
  interfaces: INTERFACES,
  jobEditor: JOB_EDITOR,
  jobList: JOB_LIST,
  physicianDirectory: PHYSICIAN_DIRECTORY,
  productivity: PRODUCTIVITY,
  profile: PROFILE,
  reference: REFERENCE,
  reports: REPORTS,
  schedule: SCHEDULE,
  signing: SIGNING,
  users: USERS,
  wopi: WOPI,
  word: WORD,
  wordClient: WORD_CLIENT,
} as const satisfies Record<string, Record<string, Endpoint>>;

/** Every endpoint of the table, for the checks that the server serves exactly these. */
export function allEndpoints(): Endpoint[] {
  return Object.values(ENDPOINTS).flatMap((area) => Object.values(area) as Endpoint[]);
}
