import { type Endpoint, endpoint } from '../endpoint.js';
import {
  DepartmentParamsSchema,
  FacilityDepartmentSchema,
  FacilityDepartmentsSchema,
  FacilityListDeletedSchema,
  FacilityLocationSchema,
  FacilityLocationsSchema,
  FacilityWorkTypeSchema,
  FacilityWorkTypesSchema,
  LocationParamsSchema,
  SaveDepartmentRequestSchema,
  SaveLocationRequestSchema,
  SaveWorkTypeRequestSchema,
  WorkTypeParamsSchema,
} from '../facilityLists.js';
import { FacilityIdParamsSchema } from '../referenceData.js';
import { SaveWorkTypeTemplateRequestSchema, WorkTypeTemplateSchema } from '../workTypeTemplates.js';

const tags = ['reference'] as const;

/**
 * A client facility's work types (and their templates, issue 27), departments and locations
 * (issue 26): GETs need dictatorView, the POSTs that add, change and delete need dictatorAdd.
 * Another company's facility, or a row the facility does not see, answers 404.
 */
export const FACILITY_LISTS = {
  workTypes: endpoint({
    method: 'GET',
    path: '/api/reference/{cfId}/workTypes',
    tags,
    params: FacilityIdParamsSchema,
    answer: FacilityWorkTypesSchema,
  }),
  addWorkType: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/workTypes',
    tags,
    summary: 'Adds a work type of the facility',
    params: FacilityIdParamsSchema,
    body: SaveWorkTypeRequestSchema,
    answer: FacilityWorkTypeSchema,
  }),
  saveWorkType: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/workTypes/{workTypeId}',
    tags,
    summary: 'Changes a work type the facility sees (a shared one for the whole structure)',
    params: WorkTypeParamsSchema,
    body: SaveWorkTypeRequestSchema,
    answer: FacilityWorkTypeSchema,
  }),
  deleteWorkType: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/workTypes/{workTypeId}/delete',
    tags,
    summary: 'Deletes a work type no job uses (409 otherwise)',
    params: WorkTypeParamsSchema,
    answer: FacilityListDeletedSchema,
  }),
  workTypeTemplate: endpoint({
    method: 'GET',
    path: '/api/reference/{cfId}/workTypes/{workTypeId}/template',
    tags,
    summary: 'The template the facility uses for a work type (issue 27), and whose it is',
    params: WorkTypeParamsSchema,
    answer: WorkTypeTemplateSchema,
  }),
  saveWorkTypeTemplate: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/workTypes/{workTypeId}/template',
    tags,
    summary: "Saves a work type's template: the facility's override, or the structure's (shared work type)",
    params: WorkTypeParamsSchema,
    body: SaveWorkTypeTemplateRequestSchema,
    answer: WorkTypeTemplateSchema,
  }),
  deleteWorkTypeTemplate: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/workTypes/{workTypeId}/template/delete',
    tags,
    summary: "Deletes the facility's override of a work type's template: it uses the structure's again",
    params: WorkTypeParamsSchema,
    answer: WorkTypeTemplateSchema,
  }),
  departments: endpoint({
    method: 'GET',
    path: '/api/reference/{cfId}/departments',
    tags,
    params: FacilityIdParamsSchema,
    answer: FacilityDepartmentsSchema,
  }),
  addDepartment: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/departments',
    tags,
    summary: 'Adds a department of the facility',
    params: FacilityIdParamsSchema,
    body: SaveDepartmentRequestSchema,
    answer: FacilityDepartmentSchema,
  }),
  saveDepartment: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/departments/{departmentId}',
    tags,
    summary: 'Renames a department',
    params: DepartmentParamsSchema,
    body: SaveDepartmentRequestSchema,
    answer: FacilityDepartmentSchema,
  }),
  deleteDepartment: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/departments/{departmentId}/delete',
    tags,
    summary: 'Deletes a department no job uses (409 otherwise)',
    params: DepartmentParamsSchema,
    answer: FacilityListDeletedSchema,
  }),
  locations: endpoint({
    method: 'GET',
    path: '/api/reference/{cfId}/locations',
    tags,
    params: FacilityIdParamsSchema,
    answer: FacilityLocationsSchema,
  }),
  addLocation: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/locations',
    tags,
    summary: 'Adds a location of the facility',
    params: FacilityIdParamsSchema,
    body: SaveLocationRequestSchema,
    answer: FacilityLocationSchema,
  }),
  saveLocation: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/locations/{locationId}',
    tags,
    summary: 'Changes a location',
    params: LocationParamsSchema,
    body: SaveLocationRequestSchema,
    answer: FacilityLocationSchema,
  }),
  deleteLocation: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/locations/{locationId}/delete',
    tags,
    summary: 'Deletes a location no job uses (409 otherwise)',
    params: LocationParamsSchema,
    answer: FacilityListDeletedSchema,
  }),
} satisfies Record<string, Endpoint>;
