import { EDITOR_STAGE_ID, STAGES } from '../jobList/stages.js';

/** The facts the job options (skip export, skip print, force re-sign) depend on. */
export interface JobOptionsFacts {
  /** The job is booked out and being edited. */
  editMode: boolean;
  stageId: number;
}

/**
 * Spec 02 §5: the job options are shown only in edit mode, not for hold queue jobs and not in the
 * editor stage (410).
 */
export function jobOptionsVisible({ editMode, stageId }: JobOptionsFacts): boolean {
  return editMode && stageId !== STAGES.holdQueue.id && stageId !== EDITOR_STAGE_ID;
}

/** Spec 02 §4 "Stat": the checkbox shows U and M as checked; checked sets 'M', unchecked null. */
export function statOf(checked: boolean): 'M' | null {
  return checked ? 'M' : null;
}

/**
 * Spec 02 §5: physician search text is split at the first comma into last and first name (both
 * trimmed); null for empty text, which gives no search.
 */
export function physicianSearchNames(text: string): { lastName: string; firstName: string } | null {
  if (text.trim() === '') return null;
  const at = text.indexOf(',');
  return at < 0
    ? { lastName: text.trim(), firstName: '' }
    : { lastName: text.slice(0, at).trim(), firstName: text.slice(at + 1).trim() };
}

/** A work type as far as the change warning cares. */
export interface WorkTypeRecipientRules {
  enableAddressee: boolean;
  allowPatientAsRecipient: boolean;
}

/** What changing to a work type does to the recipients (spec 02 §4 "Work type change"). */
export interface WorkTypeChangeEffects {
  /** The new type has no addressee support: addressees become carbon copies. */
  addresseesBecomeCopies: boolean;
  /** The new type disallows the patient as recipient: the patient is removed. */
  patientRemoved: boolean;
}

/**
 * Spec 02 §4: the effects of a change to `next`; the warning modal shows exactly when one is true.
 */
export function workTypeChangeEffects(next: WorkTypeRecipientRules): WorkTypeChangeEffects {
  return { addresseesBecomeCopies: !next.enableAddressee, patientRemoved: !next.allowPatientAsRecipient };
}
