import type { CdaEdits } from '@quill/core/contract/cda';
import {
  DepartmentSchema,
  HoldQueueCheckRowSchema,
  LocationSchema,
  PHYSICIAN_SEARCH_TYPES,
  PhysicianSchema,
  type SetJobDataRequest,
  WorkTypeSchema,
} from '@quill/core/contract/job';
import { physicianSearchNames } from '@quill/core/rules/jobOptions';
import { api } from '../../../lib/api';

/** Spec 01 §7: the job calls time out after 60 s. */
const TIMEOUT_MS = 60_000;

/** Spec 02 §7: the calls of the Document Details card. */
export const DETAILS_PATHS = {
  searchPhysicians: '/api/jobs/SearchPhysicians',
  getPhysician: '/api/jobs/GetPhysician',
  workTypes: '/api/job/GetClientFacilityWorktypes',
  departments: (jobId: number) => `/api/job/getDepartmentsByJobId/${jobId}`,
  locations: (jobId: number) => `/api/job/getLocationsByJobId/${jobId}`,
  holdQueueCheck: '/api/job/RunHoldQueueCheck',
} as const;

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
  return api.get(DETAILS_PATHS.searchPhysicians, {
    query: {
      physicianSearchType: PHYSICIAN_SEARCH_TYPES[kind],
      companyId: facilityId,
      lastName: names.lastName,
      firstName: names.firstName || undefined,
    },
    schema: PhysicianSchema.array(),
    timeoutMs: TIMEOUT_MS,
    signal,
  });
}

/** GetPhysician: one physician by user id (the physician popover). */
export const fetchPhysician = (userId: number, signal?: AbortSignal) =>
  api.get(DETAILS_PATHS.getPhysician, {
    query: { userId },
    schema: PhysicianSchema,
    timeoutMs: TIMEOUT_MS,
    signal,
  });

/** GetClientFacilityWorktypes: the work types a job of the facility may have. */
export const fetchWorkTypes = (facilityId: number, signal?: AbortSignal) =>
  api.get(DETAILS_PATHS.workTypes, {
    query: { ClientFacilityId: facilityId },
    schema: WorkTypeSchema.array(),
    timeoutMs: TIMEOUT_MS,
    signal,
  });

/** getDepartmentsByJobId: the departments of the job's facility. */
export const fetchDepartments = (jobId: number, signal?: AbortSignal) =>
  api.get(DETAILS_PATHS.departments(jobId), {
    schema: DepartmentSchema.array(),
    timeoutMs: TIMEOUT_MS,
    signal,
  });

/** getLocationsByJobId: the locations of the job's facility. */
export const fetchLocations = (jobId: number, signal?: AbortSignal) =>
  api.get(DETAILS_PATHS.locations(jobId), { schema: LocationSchema.array(), timeoutMs: TIMEOUT_MS, signal });

/** RunHoldQueueCheck: the rules' results for the job data and text as they would be saved. */
export const runHoldQueueCheck = (jobId: number, setJobDataRequest: SetJobDataRequest, cda?: CdaEdits) =>
  api.post(
    DETAILS_PATHS.holdQueueCheck,
    { jobId, setJobDataRequest, cda },
    { schema: HoldQueueCheckRowSchema.array(), timeoutMs: TIMEOUT_MS },
  );
