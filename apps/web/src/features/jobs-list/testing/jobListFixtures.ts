import type { JobListRow } from '@quill/core/contract/jobList';
import type { Session } from '../../../app/session/SessionContext';

/** A list row with sensible values; tests override what they look at. */
export function jobRow(jobId: number, over: Partial<JobListRow> = {}): JobListRow {
  return {
    jobId,
    originalJobId: null,
    stat: false,
    statBool: false,
    filterJobId: String(jobId),
    dictatorName: 'Walsh, Olivia',
    patientName: 'Cruz, José',
    patientMRN: `MRN${String(jobId).padStart(5, '0')}`,
    dictatedDate: '2026-10-07T20:37:47.000Z',
    signedDate: null,
    dateOfService: '2026-10-04',
    formattedDictatedDate: '10/07/2026 16:37',
    formattedSignedDate: '',
    formattedDateOfService: '10/04/2026',
    workType: 'Consultation',
    department: 'Cardiology',
    location: 'Emergency Department',
    jobNote: '',
    jobNoteBool: false,
    stageName: 'Finished',
    stageId: 13,
    clinic: 'Cobalt Ridge Regional Hospital',
    clientFacilityId: 1,
    jobLocation: 'ED',
    flags: [],
    pdfViewed: false,
    rtfViewed: false,
    edited: false,
    signed: false,
    faxed: false,
    ...over,
  };
}

/** A signed-in manager with every permission (tests drop the ones they need missing). */
export function testSession(over: { permissions?: Session['userSettings']['permissions'] } = {}): Session {
  return {
    account: {
      member: 'Morgan Reyes',
      memberId: 1,
      companyId: 1,
      company: 'Meridian Valley Health',
      memberType: 3,
    },
    userSettings: {
      dateFormat: 'MM/DD/YYYY',
      timeFormat: 'HH:mm',
      permissions: over.permissions ?? ['jobView', 'holdQueueView', 'adtView', 'jobFax'],
      locale: 'en-US',
      userId: 1,
      fftmBaseUrl: 'https://legacy.example',
    },
    applicationSettings: {
      jobCountUpdateIntervalSeconds: 180,
      jobListDataBatchSize: 2,
      jobListCountBatchSize: 2,
    },
  };
}

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
