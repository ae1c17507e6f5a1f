import { MAX_JOB_RECIPIENTS, type RuleMessage } from '../recipients/recipients.js';

/**
 * A facility's work types, departments and locations on the Reference data page (issue 26): what
 * a valid one is and when a number, name or code is taken. The forms check a draft with these as
 * the manager types; the server checks the same rules (the contract's schemas run the field
 * rules, the services the "taken" rules against the stored rows), so the two never disagree.
 */

export const FACILITY_LIST_LIMITS = {
  /** A work type's number: a whole number 1 … 99999. */
  workTypeNumberMin: 1,
  workTypeNumberMax: 99_999,
  /** A work type's, department's or location's name, trimmed. */
  nameMax: 100,
  /** A location's code, trimmed. */
  locationCodeMax: 20,
  /**
   * A work type's addressee limits stay within what one job may hold: a save sends at most
   * {@link MAX_JOB_RECIPIENTS} recipients, so a larger minimum could never be met.
   */
  addresseesMax: MAX_JOB_RECIPIENTS,
} as const;

/** A refusal of one field of a form, in the catalogue's words. */
export interface FieldProblem<F extends string> {
  field: F;
  message: RuleMessage;
}

const L = FACILITY_LIST_LIMITS;
const problem = <F extends string>(
  field: F,
  key: RuleMessage['key'],
  values: RuleMessage['values'] = {},
): FieldProblem<F> => ({ field, message: { key, values } });

/** A name (or code) as stored and compared: trimmed. */
export const listText = (text: string): string => text.trim();

/** Whether two names or codes are the same one: trimmed and ignoring case. */
export function sameListText(a: string, b: string): boolean {
  return listText(a).toLocaleLowerCase('en-US') === listText(b).toLocaleLowerCase('en-US');
}

function nameProblem<F extends string>(field: F, name: string, max: number): FieldProblem<F> | null {
  const n = listText(name).length;
  if (n === 0) return problem(field, 'reference.lists.required');
  if (n > max) return problem(field, 'reference.lists.tooLong', { max });
  return null;
}

const isCount = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= L.addresseesMax;

/** A work type as its form and the add / edit calls carry it. */
export interface WorkTypeDraft {
  number: number;
  name: string;
  enableAddressee: boolean;
  minAddressees: number;
  /** Null: no maximum. */
  maxAddressees: number | null;
  allowPatientAsRecipient: boolean;
}

export type WorkTypeField = 'number' | 'name' | 'minAddressees' | 'maxAddressees';

/**
 * What is wrong with a work type draft, field by field (empty when nothing): the number a whole
 * number 1 … 99999; the name 1 … 100 characters; the minimum and a maximum (null: none) whole
 * numbers 0 … {@link MAX_JOB_RECIPIENTS}, the maximum not below the minimum; and without
 * addressee support no addressee required or allowed (minimum 0, maximum none or 0), because the
 * job editor turns every addressee of such a work type into a carbon copy.
 */
export function workTypeProblems(d: WorkTypeDraft): FieldProblem<WorkTypeField>[] {
  const found: FieldProblem<WorkTypeField>[] = [];
  if (!Number.isSafeInteger(d.number) || d.number < L.workTypeNumberMin || d.number > L.workTypeNumberMax)
    found.push(
      problem('number', 'reference.lists.workTypes.numberRange', {
        min: L.workTypeNumberMin,
        max: L.workTypeNumberMax,
      }),
    );
  const name = nameProblem('name', d.name, L.nameMax);
  if (name) found.push(name);
  const minOk = isCount(d.minAddressees);
  const maxOk = d.maxAddressees === null || isCount(d.maxAddressees);
  if (!minOk)
    found.push(problem('minAddressees', 'reference.lists.workTypes.minRange', { max: L.addresseesMax }));
  if (!maxOk)
    found.push(problem('maxAddressees', 'reference.lists.workTypes.maxRange', { max: L.addresseesMax }));
  if (!minOk || !maxOk) return found;
  if (!d.enableAddressee) {
    if (d.minAddressees > 0 || (d.maxAddressees ?? 0) > 0)
      found.push(problem('minAddressees', 'reference.lists.workTypes.limitsWithoutAddressees'));
  } else if (d.maxAddressees !== null && d.maxAddressees < d.minAddressees) {
    found.push(problem('maxAddressees', 'reference.lists.workTypes.maxBelowMin', { min: d.minAddressees }));
  }
  return found;
}

/** A work type's id and number, as the "is this number taken?" rule reads it. */
export interface NumberedRow {
  id: number;
  number: number;
}

/**
 * The row among `rows` (other than `selfId`) that already has `number`, or null. The server
 * passes the work types the facility sees (its own and the structure's shared ones) and, for a
 * shared work type, every work type of the structure; the form passes the list it shows.
 */
export function workTypeNumberTaken<R extends NumberedRow>(
  number: number,
  rows: readonly R[],
  selfId?: number,
): R | null {
  return rows.find((r) => r.id !== selfId && r.number === number) ?? null;
}

export interface DepartmentDraft {
  name: string;
}

/** What is wrong with a department draft: the name 1 … 100 characters. */
export function departmentProblems(d: DepartmentDraft): FieldProblem<'name'>[] {
  const name = nameProblem('name', d.name, L.nameMax);
  return name ? [name] : [];
}

export interface LocationDraft {
  code: string;
  name: string;
  auto: boolean;
}

/** What is wrong with a location draft: the code 1 … 20 characters, the name 1 … 100. */
export function locationProblems(d: LocationDraft): FieldProblem<'code' | 'name'>[] {
  return [nameProblem('code', d.code, L.locationCodeMax), nameProblem('name', d.name, L.nameMax)].filter(
    (p): p is FieldProblem<'code' | 'name'> => p !== null,
  );
}

/** The row among `rows` (other than `selfId`) whose `text` is `value` ignoring case, or null. */
export function listTextTaken<R extends { id: number }>(
  value: string,
  rows: readonly R[],
  text: (row: R) => string,
  selfId?: number,
): R | null {
  return rows.find((r) => r.id !== selfId && sameListText(text(r), value)) ?? null;
}
