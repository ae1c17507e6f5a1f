import { PHYSICIAN_DIRECTORY } from '@quill/core/contract/endpoints/physicianDirectory';
import type {
  DirectoryPhysician,
  DirectoryPhysicianInput,
  MergePhysicianResult,
  PhysicianChoice,
  PhysicianDirectoryPage,
} from '@quill/core/contract/physicianDirectory';
import { callApi } from '../../../lib/api';

/** What the directory's search form holds ('' = not used). */
export interface DirectoryFilters {
  q: string;
  accessCode: string;
  disabled: '' | 'true' | 'false';
}

export const NO_DIRECTORY_FILTERS: DirectoryFilters = { q: '', accessCode: '', disabled: '' };

/** The query keys of a facility's directory (every change reloads them all). */
export const directoryKey = (cfId: number) => ['reference', 'physicians', cfId] as const;

/** The physician directory's calls (issue 26). */
export function searchDirectory(
  cfId: number,
  f: DirectoryFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<PhysicianDirectoryPage> {
  const query: Record<string, string | number> = { page, pageSize };
  for (const [k, v] of Object.entries(f)) if (v.trim() !== '') query[k] = v.trim();
  return callApi(PHYSICIAN_DIRECTORY.search, { params: { cfId }, query }, { signal });
}
export const loadDirectoryPhysician = (
  cfId: number,
  physicianId: number,
  signal?: AbortSignal,
): Promise<DirectoryPhysician> =>
  callApi(PHYSICIAN_DIRECTORY.physician, { params: { cfId, physicianId } }, { signal });
export const addPhysician = (cfId: number, body: DirectoryPhysicianInput): Promise<DirectoryPhysician> =>
  callApi(PHYSICIAN_DIRECTORY.add, { params: { cfId }, body });
export const savePhysician = (
  cfId: number,
  physicianId: number,
  body: DirectoryPhysicianInput,
): Promise<DirectoryPhysician> => callApi(PHYSICIAN_DIRECTORY.save, { params: { cfId, physicianId }, body });
export const setPhysicianDisabled = (
  cfId: number,
  physicianId: number,
  disabled: boolean,
): Promise<DirectoryPhysician> =>
  callApi(disabled ? PHYSICIAN_DIRECTORY.disable : PHYSICIAN_DIRECTORY.enable, {
    params: { cfId, physicianId },
  });
export const mergePhysician = (
  cfId: number,
  physicianId: number,
  duplicateId: number,
): Promise<MergePhysicianResult> =>
  callApi(PHYSICIAN_DIRECTORY.merge, { params: { cfId, physicianId }, body: { duplicateId } });
export const loadLinkChoices = (
  companyId: number,
  q: string,
  signal?: AbortSignal,
): Promise<PhysicianChoice[]> =>
  callApi(PHYSICIAN_DIRECTORY.linkChoices, { query: { companyId, q } }, { signal });

/** How the directory names a physician: 'Last, First'. */
export function directoryLabel(p: { lastName: string; firstName: string }): string {
  return p.firstName ? `${p.lastName}, ${p.firstName}` : p.lastName;
}
