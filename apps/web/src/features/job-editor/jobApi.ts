import type { Endpoint, InputOf } from '@quill/core/contract/endpoint';
import { JOB_EDITOR } from '@quill/core/contract/endpoints/jobEditor';
import type { JobViewDetails, SetJobDataRequest } from '@quill/core/contract/job';
import { type CallInput, callApi } from '../../lib/api';

/** Spec 01 §7: the job calls time out after 60 s. */
const TIMEOUT_MS = 60_000;

/** Calls one of the job editor's endpoints with the job calls' timeout. */
export const callJobApi = <E extends Endpoint>(e: E, input: CallInput<E>, signal?: AbortSignal) =>
  callApi(e, input, { timeoutMs: TIMEOUT_MS, signal });

/** react-query keys of the job view. */
export const jobKeys = {
  all: (jobId: number) => ['job', jobId] as const,
  view: (jobId: number) => ['job', jobId, 'view'] as const,
  cda: (jobId: number) => ['job', jobId, 'cda'] as const,
};

/** canaccessjob: may this account open the job. */
export const fetchCanAccess = (jobId: number, signal?: AbortSignal) =>
  callJobApi(JOB_EDITOR.canAccess, { query: { jobId } }, signal);
/** GetJobDetails: spec 02 §3 "Job detail". */
export const fetchJobDetails = (jobId: number, signal?: AbortSignal) =>
  callJobApi(JOB_EDITOR.details, { query: { jobId } }, signal);
/** GetDocumentAvailability: which document and audio the job has. */
export const fetchAvailability = (jobId: number, signal?: AbortSignal) =>
  callJobApi(JOB_EDITOR.availability, { query: { jobId } }, signal);
/** getcda: the editing model of the job's document and the version it is. */
export const fetchCda = (jobId: number, signal?: AbortSignal) =>
  callJobApi(JOB_EDITOR.cda, { query: { jobId } }, signal);
/** getjobversion: the job's current version (checked before saving). */
export const fetchJobVersion = (jobId: number) => callJobApi(JOB_EDITOR.version, { query: { jobId } });

/** bookoutjob: books the job out to this account for editing. */
export const bookOutJob = (jobId: number) => callJobApi(JOB_EDITOR.bookOut, { body: { jobId } });
/** transcribe (issue 27): books an audio-only job out and gives it the draft its transcription starts from. */
export const transcribeJob = (jobId: number) => callJobApi(JOB_EDITOR.transcribe, { body: { jobId } });
/** addendum (issue 43): books a Finished job out for an addendum, with its reason. */
export const openAddendum = (jobId: number, version: number, reason: string) =>
  callJobApi(JOB_EDITOR.addendum, { body: { jobId, version, reason } });
/** extendbooking: renews the booking while editing. */
export const extendBooking = (jobId: number, bookingCookie: string) =>
  callJobApi(JOB_EDITOR.extendBooking, { body: { jobId, bookingCookie } });
/** cancelbooking: releases the booking. */
export const cancelBooking = (jobId: number, bookingCookie: string, componentType: string) =>
  callJobApi(JOB_EDITOR.cancelBooking, { query: { jobId, bookingCookie, componentType } });

/** savejob: the text, the job data and the save mode in one transaction. */
export const saveJob = (body: InputOf<(typeof JOB_EDITOR.save)['body']>) =>
  callJobApi(JOB_EDITOR.save, { body });

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
