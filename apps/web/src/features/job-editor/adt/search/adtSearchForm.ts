import type {
  AdtDisplayType,
  AdtSearchConfiguration,
  AdtSearchRequest,
  AdtSearchResult,
} from '@quill/core/contract/adt/adt';
import { isAdtSearchValueLongEnough, isBlankAdtSearchValue } from '@quill/core/rules/adt/adtSearchValue';
import { type AdtSelection, adtKey } from '@quill/core/rules/adt/adtValues';

/**
 * The pure state rules of the Search & Accept ADT modal (spec 02 §4 "ADT search modal", §5 "ADT
 * search field value"), kept apart from the component so they read and test as rules.
 */

/** One search the facility offers. */
export type AdtSearch = AdtSearchConfiguration['availableSearch'][number];
/** One field of a search. */
export type AdtSearchField = AdtSearch['searchField'][number];
/** The values typed, by "SEG.field.component" of their field. */
export type AdtSearchValues = Readonly<Record<string, string>>;

/** The key a field's value is kept under. */
export const fieldKey = (field: AdtSearchField): string => adtKey(field.hl7Identifier);

/** Dates and date-times are searched by their day, so both take a date picker. */
export const isDateField = (type: AdtDisplayType): boolean => type === 'date' || type === 'datetime';

/** Spec 02 §5: a non-empty value shorter than 2 characters (spaces removed) is invalid; empty is fine. */
export function isValueInvalid(value: string | undefined): boolean {
  return !isBlankAdtSearchValue(value) && !isAdtSearchValueLongEnough(value as string);
}

/** Spec 02 §5: Search is possible with at least one value and no invalid one. */
export function canSearch(search: AdtSearch | undefined, values: AdtSearchValues): boolean {
  if (!search) return false;
  const typed = search.searchField.map((f) => values[fieldKey(f)]);
  return typed.some((v) => !isBlankAdtSearchValue(v)) && !typed.some(isValueInvalid);
}

/** The searchadt body: only the non-empty fields, trimmed (spec 02 §5, §7). */
export function searchRequest(
  search: AdtSearch,
  values: AdtSearchValues,
  ids: { jobId: number; companyId: number },
): AdtSearchRequest {
  const inputAdtData = search.searchField.flatMap((f) => {
    const value = values[fieldKey(f)];
    return isBlankAdtSearchValue(value) ? [] : [{ hl7Identifier: f.hl7Identifier, value: value!.trim() }];
  });
  return { ...ids, identifier: search.identifier, inputAdtData };
}

/** Nothing chosen (a new search, an accepted one). */
export const NO_SELECTION: AdtSelection = { patientId: null, visitId: null, orderIds: [] };

/** Spec 02 §4: choosing a patient clears the visit and orders (choosing the same one keeps them). */
export function choosePatient(selection: AdtSelection, patientId: number): AdtSelection {
  return selection.patientId === patientId ? selection : { patientId, visitId: null, orderIds: [] };
}

/** Spec 02 §4: choosing a visit clears the orders (choosing the same one keeps them). */
export function chooseVisit(selection: AdtSelection, visitId: number): AdtSelection {
  return selection.visitId === visitId ? selection : { ...selection, visitId, orderIds: [] };
}

/** Orders are several: choosing one adds it, choosing it again removes it. */
export function toggleOrder(selection: AdtSelection, orderId: number): AdtSelection {
  const orderIds = selection.orderIds.includes(orderId)
    ? selection.orderIds.filter((id) => id !== orderId)
    : [...selection.orderIds, orderId];
  return { ...selection, orderIds };
}

type Patient = AdtSearchResult['patient'][number];
type Visit = Patient['visit'][number];

/** The chosen patient and visit of a result, as far as chosen. */
export function chosenRecords(
  result: AdtSearchResult | null,
  selection: AdtSelection,
): { patient: Patient | undefined; visit: Visit | undefined } {
  const patient = result?.patient.find((p) => p.instanceId === selection.patientId);
  const visit = patient?.visit.find((v) => v.instanceId === selection.visitId);
  return { patient, visit };
}

/** The Accept ADT choice: orders in the order the table lists them. */
export function acceptChoice(
  selection: AdtSelection,
  visit: Visit | undefined,
): { patientId: number; visitId: number | null; orderId: number[] } | null {
  if (selection.patientId === null) return null;
  const orderId = (visit?.order ?? [])
    .map((o) => o.instanceId)
    .filter((id) => selection.orderIds.includes(id));
  return { patientId: selection.patientId, visitId: selection.visitId, orderId };
}
