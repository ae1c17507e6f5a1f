import type { CdaEdits } from '@quill/core/contract/documents/cda';
import { JOB_EDITOR } from '@quill/core/contract/endpoints/jobEditor';
import { PHYSICIAN_SEARCH_TYPES, type SetJobDataRequest } from '@quill/core/contract/job';
import { physicianSearchNames } from '@quill/core/rules/jobEditor/jobOptions';
import { callJobApi } from '../jobApi';

/** Spec 02 §7: the calls of the Document Details card. */

/** react-query keys of the card's lists. */
export const detailsKeys = {
  physicians: (kind: PhysicianKind, facilityId: number, text: string) =>
    ['jobDetails', 'physicians', kind, facilityId, text] as const,
  physician: (userId: number) => ['jobDetails', 'physician', userId] as const,
  workTypes: (facilityId: number) => ['jobDetails', 'workTypes', facilityId] as const,
  departments: (jobId: number) => ['jobDetails', 'departments', jobId] as const,
  locations: (jobId: number) => ['jobDetails', 'locations', jobId] as const,
};

/** Which physician a search is for (spec 02 §3 physician search types). */
export type PhysicianKind = 'DICTATOR' | 'DICTATED_FOR';

/**
 * SearchPhysicians by type: the text is split at the first comma into last and first name (spec
 * 02 §5); at most 300 physicians of the client facility answer. Empty text asks nothing.
 */
export async function searchPhysicians(
  kind: PhysicianKind,
  facilityId: number,
  text: string,
  signal?: AbortSignal,
) {
  const names = physicianSearchNames(text);
  if (!names) return [];
  const query = {
    physicianSearchType: PHYSICIAN_SEARCH_TYPES[kind],
    companyId: facilityId,
    lastName: names.lastName,
    firstName: names.firstName || undefined,
  };
  return callJobApi(JOB_EDITOR.searchPhysicians, { query }, signal);
}

/** GetPhysician: one physician by user id (the physician popover). */
export const fetchPhysician = (userId: number, signal?: AbortSignal) =>
  callJobApi(JOB_EDITOR.physician, { query: { userId } }, signal);

/** GetClientFacilityWorktypes: the work types a job of the facility may have. */
export const fetchWorkTypes = (facilityId: number, signal?: AbortSignal) =>
  callJobApi(JOB_EDITOR.workTypes, { query: { ClientFacilityId: facilityId } }, signal);

/** getDepartmentsByJobId: the departments of the job's facility. */
export const fetchDepartments = (jobId: number, signal?: AbortSignal) =>
  callJobApi(JOB_EDITOR.departments, { params: { id: jobId } }, signal);

/** getLocationsByJobId: the locations of the job's facility. */
export const fetchLocations = (jobId: number, signal?: AbortSignal) =>
  callJobApi(JOB_EDITOR.locations, { params: { id: jobId } }, signal);

/** RunHoldQueueCheck: the rules' results for the job data and text as they would be saved. */
export const runHoldQueueCheck = (jobId: number, setJobDataRequest: SetJobDataRequest, cda?: CdaEdits) =>
  callJobApi(JOB_EDITOR.holdQueueCheck, { body: { jobId, setJobDataRequest, cda } });
