import { type Physician, PhysicianSchema } from '@quill/core/contract/job';
import {
  PHYSICIAN_DETAIL_FIELDS,
  type PhysicianDetailField,
  type PhysicianDetails,
  PhysicianDetailsSchema,
} from '@quill/core/contract/physician';

/**
 * The Physician modal's details form (spec 02 §2), pure: its values, the details a Confirm or a
 * Confirm and Save sends, and a physician to show for typed details.
 */

/** The form's fields in the order the modal shows them. */
export const DETAIL_FIELDS = Object.keys(PHYSICIAN_DETAIL_FIELDS) as PhysicianDetailField[];

/** The form's values: one text per field ('' for none). */
export type DetailForm = Record<PhysicianDetailField, string>;

/** The form filled from a physician (or empty): each field's text, '' for none. */
export function formOf(p: Partial<Record<PhysicianDetailField, string | null>> = {}): DetailForm {
  return Object.fromEntries(DETAIL_FIELDS.map((f) => [f, p[f] ?? ''])) as DetailForm;
}

/**
 * The details as typed: trimmed, empty fields left out; the access code only when asked for (a
 * custom recipient has none: only Confirm and Save gives one).
 */
export function detailsOf(form: DetailForm, withAccessCode: boolean): PhysicianDetails {
  const details: PhysicianDetails = {};
  for (const field of DETAIL_FIELDS) {
    const value = form[field].trim();
    if (value !== '' && (withAccessCode || field !== 'accessCode')) details[field] = value;
  }
  return details;
}

/** Each field's first problem (too long, a control character), by field. */
export function formErrors(form: DetailForm): Partial<Record<PhysicianDetailField, string>> {
  const parsed = PhysicianDetailsSchema.safeParse(detailsOf(form, true));
  const errors: Partial<Record<PhysicianDetailField, string>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as PhysicianDetailField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Whether the form has a last name (spec 02 §5: required for a custom physician). */
export const hasLastName = (form: DetailForm) => form.lastName.trim() !== '';

/** '<first> <last>' of spec 02 §8's success message. */
export function savedName(details: Pick<PhysicianDetails, 'firstName' | 'lastName'>): string {
  return [details.firstName, details.lastName].filter(Boolean).join(' ');
}

/** A physician with no data: no user id, every text null, every flag false (read off its schema). */
const BLANK = Object.fromEntries(
  Object.entries(PhysicianSchema.shape).map(([key, schema]) => [
    key,
    schema.safeParse(null).success ? null : schema.safeParse(false).success ? false : 0,
  ]),
) as Physician;

/** A physician to show (name, popover) for typed details; a directory one when `userId` is given. */
export function physicianOf(details: PhysicianDetails, userId = 0): Physician {
  const typed = Object.fromEntries(DETAIL_FIELDS.map((f) => [f, details[f] ?? null]));
  return { ...BLANK, ...typed, userId, userIdSpecified: userId > 0 };
}
