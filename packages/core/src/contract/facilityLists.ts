import { z } from 'zod';
import { message } from '../i18n/format.js';
import {
  departmentProblems,
  FACILITY_LIST_LIMITS,
  type FieldProblem,
  locationProblems,
  workTypeProblems,
} from '../rules/referenceData/facilityLists.js';
import { plainText } from './documents/text.js';
import { queryId, wholeNumber } from './ids.js';
import { FacilityIdParamsSchema } from './referenceData.js';

/**
 * Issue 26: a client facility's work types, departments and locations on the Reference data page
 * (reading needs dictatorView, changing dictatorAdd). The field rules are core's
 * (rules/referenceData/facilityLists.ts), so a 400 says what the form says.
 */

const L = FACILITY_LIST_LIMITS;

/** Adds each problem a rule finds as an issue of its field (run once the fields themselves are valid). */
const checkedBy =
  <T>(rules: (value: T) => FieldProblem<string>[]) =>
  (value: T, ctx: z.RefinementCtx) => {
    for (const p of rules(value))
      ctx.addIssue({ code: 'custom', path: [p.field], message: message(p.message.key, p.message.values) });
  };

/** The rules read the fields as a whole, once each field is valid (so no refusal is said twice). */
const FIELDS_VALID = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/** A name or code of 1 … `max` characters once trimmed (so padding never counts against it). */
const listName = (field: string, max: number) =>
  plainText(field)
    .trim()
    .min(1, message('reference.lists.required'))
    .max(max, message('reference.lists.tooLong', { max }));

const addresseeCount = (field: string, key: 'minRange' | 'maxRange') =>
  wholeNumber(field, {
    min: 0,
    max: L.addresseesMax,
    error: message(`reference.lists.workTypes.${key}`, { max: L.addresseesMax }),
  });

/** `/{cfId}/workTypes/{workTypeId}`. */
export const WorkTypeParamsSchema = FacilityIdParamsSchema.extend({ workTypeId: queryId('workTypeId') });
/** `/{cfId}/departments/{departmentId}`. */
export const DepartmentParamsSchema = FacilityIdParamsSchema.extend({
  departmentId: queryId('departmentId'),
});
/** `/{cfId}/locations/{locationId}`. */
export const LocationParamsSchema = FacilityIdParamsSchema.extend({ locationId: queryId('locationId') });

/** A work type the facility sees: its own, or one its whole corporate structure shares (`shared`). */
export const FacilityWorkTypeSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  enableAddressee: z.boolean(),
  minAddressees: z.number().int(),
  /** Null: no maximum. */
  maxAddressees: z.number().int().nullable(),
  allowPatientAsRecipient: z.boolean(),
  /** Shared by every facility of the structure: a change applies to all of them. */
  shared: z.boolean(),
});
export type FacilityWorkType = z.infer<typeof FacilityWorkTypeSchema>;

/** GET /api/reference/{cfId}/workTypes: by number. */
export const FacilityWorkTypesSchema = z.object({ workTypes: z.array(FacilityWorkTypeSchema) });
export type FacilityWorkTypes = z.infer<typeof FacilityWorkTypesSchema>;

/** Add (to the facility) or edit a work type. */
export const SaveWorkTypeRequestSchema = z
  .object({
    number: wholeNumber('number', {
      min: L.workTypeNumberMin,
      max: L.workTypeNumberMax,
      error: message('reference.lists.workTypes.numberRange', {
        min: L.workTypeNumberMin,
        max: L.workTypeNumberMax,
      }),
    }),
    name: listName('name', L.nameMax),
    enableAddressee: z.boolean(),
    minAddressees: addresseeCount('minAddressees', 'minRange'),
    maxAddressees: addresseeCount('maxAddressees', 'maxRange').nullable(),
    allowPatientAsRecipient: z.boolean(),
  })
  .superRefine(checkedBy(workTypeProblems), FIELDS_VALID);
export type SaveWorkTypeRequest = z.infer<typeof SaveWorkTypeRequestSchema>;

export const FacilityDepartmentSchema = z.object({ id: z.number().int(), name: z.string() });
export type FacilityDepartment = z.infer<typeof FacilityDepartmentSchema>;

/** GET /api/reference/{cfId}/departments: by name. */
export const FacilityDepartmentsSchema = z.object({ departments: z.array(FacilityDepartmentSchema) });
export type FacilityDepartments = z.infer<typeof FacilityDepartmentsSchema>;

/** Add or rename a department. */
export const SaveDepartmentRequestSchema = z
  .object({ name: listName('name', L.nameMax) })
  .superRefine(checkedBy(departmentProblems), FIELDS_VALID);
export type SaveDepartmentRequest = z.infer<typeof SaveDepartmentRequestSchema>;

export const FacilityLocationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  auto: z.boolean(),
});
export type FacilityLocation = z.infer<typeof FacilityLocationSchema>;

/** GET /api/reference/{cfId}/locations: by code. */
export const FacilityLocationsSchema = z.object({ locations: z.array(FacilityLocationSchema) });
export type FacilityLocations = z.infer<typeof FacilityLocationsSchema>;

/** Add or edit a location. */
export const SaveLocationRequestSchema = z
  .object({
    code: listName('code', L.locationCodeMax),
    name: listName('name', L.nameMax),
    auto: z.boolean(),
  })
  .superRefine(checkedBy(locationProblems), FIELDS_VALID);
export type SaveLocationRequest = z.infer<typeof SaveLocationRequestSchema>;

/** The answer of a delete: the id of the row that is gone. */
export const FacilityListDeletedSchema = z.object({ id: z.number().int() });
export type FacilityListDeleted = z.infer<typeof FacilityListDeletedSchema>;
