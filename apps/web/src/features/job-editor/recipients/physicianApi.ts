import { JOB_EDITOR } from '@quill/core/contract/endpoints/jobEditor';
import { PHYSICIAN_SEARCH_TYPES } from '@quill/core/contract/job';
import type { SavePhysicianRequest } from '@quill/core/contract/physician';
import { callJobApi } from '../jobApi';

/** Spec 02 §7: the Physician modal's calls (physician search by type, SavePhysician). */

/** Who the modal looks for; names its title ('Search for Dictator' …) and its search type. */
export type PhysicianRole = 'dictator' | 'dictatedFor' | 'addressee' | 'carbonCopy' | 'adt';

/** Spec 02 §3 physician search types: DICTATOR 0, DICTATED_FOR 1, ADT 2, CCLIST 3 (recipients). */
export const SEARCH_TYPE_OF: Record<PhysicianRole, number> = {
  dictator: PHYSICIAN_SEARCH_TYPES.DICTATOR,
  dictatedFor: PHYSICIAN_SEARCH_TYPES.DICTATED_FOR,
  adt: PHYSICIAN_SEARCH_TYPES.ADT,
  addressee: PHYSICIAN_SEARCH_TYPES.CCLIST,
  carbonCopy: PHYSICIAN_SEARCH_TYPES.CCLIST,
};

/** react-query keys of the modal's searches. */
export const physicianModalKeys = {
  all: ['physicianModal'] as const,
  search: (searchType: number, facilityId: number, q: string) =>
    ['physicianModal', searchType, facilityId, q] as const,
};

/**
 * SearchPhysicians by type with the modal's one text `q` (the server splits it at the first comma
 * into last and first name; without a comma it may start a last name, first name, access code or
 * specialty). Empty text asks nothing; the server answers at most 300 physicians.
 */
export async function searchPhysiciansByText(
  searchType: number,
  facilityId: number,
  q: string,
  signal?: AbortSignal,
) {
  if (q.trim() === '') return [];
  const query = { physicianSearchType: searchType, companyId: facilityId, q: q.trim() };
  return callJobApi(JOB_EDITOR.searchPhysicians, { query }, signal);
}

/** SavePhysician (Confirm and Save): adds a custom physician to the facility; answers its user id. */
export const savePhysician = (body: SavePhysicianRequest) => callJobApi(JOB_EDITOR.savePhysician, { body });
