import { FACILITY_LISTS } from '@quill/core/contract/endpoints/facilityLists';
import type {
  FacilityDepartment,
  FacilityDepartments,
  FacilityListDeleted,
  FacilityLocation,
  FacilityLocations,
  FacilityWorkType,
  FacilityWorkTypes,
  SaveDepartmentRequest,
  SaveLocationRequest,
  SaveWorkTypeRequest,
} from '@quill/core/contract/facilityLists';
import type { SaveWorkTypeTemplateRequest, WorkTypeTemplate } from '@quill/core/contract/workTypeTemplates';
import { callApi } from '../../../lib/api';

/** The three lists of a facility the Reference data page edits (issue 26). */
export type FacilityList = 'workTypes' | 'departments' | 'locations';

/** The query key of one facility's list. */
export const listKey = (cfId: number, list: FacilityList) => ['reference', cfId, list] as const;

export const loadWorkTypes = (cfId: number, signal?: AbortSignal): Promise<FacilityWorkTypes> =>
  callApi(FACILITY_LISTS.workTypes, { params: { cfId } }, { signal });
export const addWorkType = (cfId: number, body: SaveWorkTypeRequest): Promise<FacilityWorkType> =>
  callApi(FACILITY_LISTS.addWorkType, { params: { cfId }, body });
export const saveWorkType = (
  cfId: number,
  workTypeId: number,
  body: SaveWorkTypeRequest,
): Promise<FacilityWorkType> => callApi(FACILITY_LISTS.saveWorkType, { params: { cfId, workTypeId }, body });
export const deleteWorkType = (cfId: number, workTypeId: number): Promise<FacilityListDeleted> =>
  callApi(FACILITY_LISTS.deleteWorkType, { params: { cfId, workTypeId } });

/** The query key of a work type's template at a facility (issue 27). */
export const templateKey = (cfId: number, workTypeId: number) =>
  ['reference', cfId, 'workTypes', workTypeId, 'template'] as const;
export const loadWorkTypeTemplate = (
  cfId: number,
  workTypeId: number,
  signal?: AbortSignal,
): Promise<WorkTypeTemplate> =>
  callApi(FACILITY_LISTS.workTypeTemplate, { params: { cfId, workTypeId } }, { signal });
export const saveWorkTypeTemplate = (
  cfId: number,
  workTypeId: number,
  body: SaveWorkTypeTemplateRequest,
): Promise<WorkTypeTemplate> =>
  callApi(FACILITY_LISTS.saveWorkTypeTemplate, { params: { cfId, workTypeId }, body });
export const deleteWorkTypeTemplate = (cfId: number, workTypeId: number): Promise<WorkTypeTemplate> =>
  callApi(FACILITY_LISTS.deleteWorkTypeTemplate, { params: { cfId, workTypeId } });

export const loadDepartments = (cfId: number, signal?: AbortSignal): Promise<FacilityDepartments> =>
  callApi(FACILITY_LISTS.departments, { params: { cfId } }, { signal });
export const addDepartment = (cfId: number, body: SaveDepartmentRequest): Promise<FacilityDepartment> =>
  callApi(FACILITY_LISTS.addDepartment, { params: { cfId }, body });
export const saveDepartment = (
  cfId: number,
  departmentId: number,
  body: SaveDepartmentRequest,
): Promise<FacilityDepartment> =>
  callApi(FACILITY_LISTS.saveDepartment, { params: { cfId, departmentId }, body });
export const deleteDepartment = (cfId: number, departmentId: number): Promise<FacilityListDeleted> =>
  callApi(FACILITY_LISTS.deleteDepartment, { params: { cfId, departmentId } });

export const loadLocations = (cfId: number, signal?: AbortSignal): Promise<FacilityLocations> =>
  callApi(FACILITY_LISTS.locations, { params: { cfId } }, { signal });
export const addLocation = (cfId: number, body: SaveLocationRequest): Promise<FacilityLocation> =>
  callApi(FACILITY_LISTS.addLocation, { params: { cfId }, body });
export const saveLocation = (
  cfId: number,
  locationId: number,
  body: SaveLocationRequest,
): Promise<FacilityLocation> => callApi(FACILITY_LISTS.saveLocation, { params: { cfId, locationId }, body });
export const deleteLocation = (cfId: number, locationId: number): Promise<FacilityListDeleted> =>
  callApi(FACILITY_LISTS.deleteLocation, { params: { cfId, locationId } });
