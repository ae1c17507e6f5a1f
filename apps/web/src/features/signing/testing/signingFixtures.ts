import type { UserSummary } from '@quill/core/contract/account';
import type { ToSignRow } from '@quill/core/contract/signing';
import type { Session } from '../../../app/session/SessionContext';
import { testSession } from '../../job-list/testing/jobListFixtures';

/** The demo's dictator account (member type 1, a physician record). */
export const DICTATOR: UserSummary = {
  member: 'Dr Ada Byron – Meridian Valley Health',
  memberId: 21,
  companyId: 1,
  company: 'Meridian Valley Health',
  memberType: 1,
};

/** The demo dictator's permissions (apps/server/src/demo/people.ts). */
export const DICTATOR_PERMS = ['jobView', 'jobViewDetails', 'jobViewText', 'adtView'] as const;

/** A signed-in dictator (tests of components without the router). */
export function dictatorSession(over: Partial<Session['userSettings']> = {}): Session {
  const base = testSession({ permissions: [...DICTATOR_PERMS] });
  return { ...base, account: DICTATOR, userSettings: { ...base.userSettings, ...over } };
}

/** One job of the To sign queue; tests override what they look at. */
export function toSignRow(jobId: number, over: Partial<ToSignRow> = {}): ToSignRow {
  return {
    jobId,
    meaning: 'author',
    stat: false,
    dictatorName: 'Byron, Ada',
    patientName: `Patient ${jobId}`,
    patientMRN: `MRN${jobId}`,
    workType: 'Consultation',
    clientFacility: 'North Clinic',
    formattedDictatedDate: '03/01/2026 08:30',
    forceResign: false,
    resignReason: null,
    version: 2,
    onBehalfOf: null,
    ...over,
  };
}

/** The queue answer of these rows. */
export const queueOf = (rows: ToSignRow[], count = rows.length) => ({ rows, count });
