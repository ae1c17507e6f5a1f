import type { JobListRow } from '../contract/jobList.js';

/** Tests only: a job list row (spec 01 §3) with plain values; tests override what they look at. */
export function listRow(jobId: number, over: Partial<JobListRow> = {}): JobListRow {
  return {
    jobId,
    originalJobId: null,
    stat: false,
    statBool: false,
    filterJobId: String(jobId),
    dictatorName: 'Walsh, Olivia',
    patientName: 'Cruz, José',
    patientMRN: '0001',
    dictatedDate: null,
    signedDate: null,
    dateOfService: null,
    formattedDictatedDate: '',
    formattedSignedDate: '',
    formattedDateOfService: '',
    workType: 'Consultation',
    department: 'Cardiology',
    location: 'Ward 1',
    jobNote: '',
    jobNoteBool: false,
    stageName: 'Finished',
    stageId: 13,
    clinic: 'North',
    clientFacilityId: 1,
    jobLocation: 'N1',
    flags: [],
    pdfViewed: false,
    rtfViewed: false,
    edited: false,
    signed: false,
    faxed: false,
    ...over,
  };
}
