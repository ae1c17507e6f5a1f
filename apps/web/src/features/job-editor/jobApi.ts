import type { CdaEdits } from '@quill/core/contract/cda';
import {
  BookOutResultSchema,
  CanAccessJobSchema,
  CancelBookingResultSchema,
  DocumentAvailabilitySchema,
  ExtendBookingResultSchema,
  JobCdaSchema,
  JobVersionSchema,
  type JobViewDetails,
  JobViewDetailsSchema,
  SaveJobResultSchema,
  type SetJobDataRequest,
} from '@quill/core/contract/job';
import type { SaveMode } from '@quill/core/rules/saveOptions';
import { api } from '../../lib/api';

/** Spec 01 §7: the job calls time out after 60 s. */
const TIMEOUT_MS = 60_000;

/** Spec 02 §7 job-side calls used by the job view. */
export const JOB_PATHS = {
  canAccess: '/api/job/canaccessjob',
  details: '/api/job/GetJobDetails',
  availability: '/api/job/GetDocumentAvailability',
  cda: '/api/job/getcda',
  version: '/api/job/getjobversion',
  bookOut: '/api/job/bookoutjob',
  extendBooking: '/api/job/extendbooking',
  cancelBooking: '/api/job/cancelbooking',
  save: '/api/job/savejob',
} as const;

/** react-query keys of the job view. */
export const jobKeys = {
  all: (jobId: number) => ['job', jobId] as const,
  view: (jobId: number) => ['job', jobId, 'view'] as const,
  cda: (jobId: number) => ['job', jobId, 'cda'] as const,
};

const get = <T>(path: string, jobId: number, schema: { parse(data: unknown): T }, signal?: AbortSignal) =>
  api.get(path, { query: { jobId }, schema, timeoutMs: TIMEOUT_MS, signal });

/** canaccessjob: may this account open the job. */
export const fetchCanAccess = (jobId: number, signal?: AbortSignal) =>
  get(JOB_PATHS.canAccess, jobId, CanAccessJobSchema, signal);
/** GetJobDetails: spec 02 §3 "Job detail". */
export const fetchJobDetails = (jobId: number, signal?: AbortSignal) =>
  get(JOB_PATHS.details, jobId, JobViewDetailsSchema, signal);
/** GetDocumentAvailability: which document and audio the job has. */
export const fetchAvailability = (jobId: number, signal?: AbortSignal) =>
  get(JOB_PATHS.availability, jobId, DocumentAvailabilitySchema, signal);
/** getcda: the editing model of the job's document and the version it is. */
export const fetchCda = (jobId: number, signal?: AbortSignal) =>
  get(JOB_PATHS.cda, jobId, JobCdaSchema, signal);
/** getjobversion: the job's current version (checked before saving). */
export const fetchJobVersion = (jobId: number) => get(JOB_PATHS.version, jobId, JobVersionSchema);

/** bookoutjob: books the job out to this account for editing. */
export const bookOutJob = (jobId: number) =>
  api.post(JOB_PATHS.bookOut, { jobId }, { schema: BookOutResultSchema, timeoutMs: TIMEOUT_MS });
/** extendbooking: renews the booking while editing. */
export const extendBooking = (jobId: number, bookingCookie: string) =>
  api.post(
    JOB_PATHS.extendBooking,
    { jobId, bookingCookie },
    { schema: ExtendBookingResultSchema, timeoutMs: TIMEOUT_MS },
  );
/** cancelbooking: releases the booking. */
export const cancelBooking = (jobId: number, bookingCookie: string, componentType: string) =>
  api.post(JOB_PATHS.cancelBooking, undefined, {
    query: { jobId, bookingCookie, componentType },
    schema: CancelBookingResultSchema,
    timeoutMs: TIMEOUT_MS,
  });

export interface SaveJobInput {
  jobId: number;
  version: number;
  bookingCookie: string;
  saveMode: SaveMode;
  setJobDataRequest: SetJobDataRequest;
  cda?: CdaEdits;
}

/** savejob: the text, the job data and the save mode in one transaction. */
export const saveJob = (input: SaveJobInput) =>
  api.post(JOB_PATHS.save, input, { schema: SaveJobResultSchema, timeoutMs: TIMEOUT_MS });

/** The job data a save sends unchanged from the loaded details, with the note as edited. */
export function jobDataOf(
  details: JobViewDetails,
  jobNote: string | null,
  isProtected: boolean,
): SetJobDataRequest {
  return {
    jobId: details.jobId,
    dictator: details.dictator?.userId ?? null,
    dictatedFor: details.dictatedFor?.userId ?? null,
    stat: details.stat,
    workTypeId: details.workType?.id ?? null,
    department: details.department?.id ?? null,
    location: details.location?.id ?? null,
    skipPrint: details.skipPrint,
    skipExport: details.skipExport,
    forceResign: details.forceResign,
    isProtected,
    jobNote,
  };
}
