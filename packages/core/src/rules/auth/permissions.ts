/**
 * Permission flags of spec 01 §3 (including the "also seen" ones). An account holds a subset.
 */
export const PERMISSIONS = [
  'jobEditText',
  'dictatorAdd',
  'dictatorView',
  'jobEdit',
  'jobView',
  'jobViewDetails',
  'jobFax',
  'holdQueueView',
  'jobEditAdt',
  'jobViewText',
  'adtUpload',
  'physicianScheduleUpload',
  'jobCreate',
  'adtView',
  'adtEdit',
  'distributionJobActionsQueue',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** True when the value names a known permission flag. */
export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * Spec 01 §6 "See patient name": the patient name is visible with adtView, adtEdit or jobEditAdt.
 * Issue 41: the one rule for every patient identifier — the MRN (Subject ID) and the birth date
 * go with the name. Without it every list, export, search and document answer withholds them
 * (null), and the list shows the column's label in their place (`columnText`).
 */
export function canSeePatientName(perms: ReadonlySet<string>): boolean {
  return perms.has('adtView') || perms.has('adtEdit') || perms.has('jobEditAdt');
}

/**
 * Issue 41: an answer's patient identifier fields (`keys`: its name, MRN, birth date) as the
 * caller may see them — as they are with {@link canSeePatientName}, otherwise withheld (null).
 */
export function withPatientShownTo<T extends object, K extends keyof T>(
  perms: ReadonlySet<string>,
  value: T,
  keys: readonly K[],
): T {
  if (canSeePatientName(perms)) return value;
  return { ...value, ...Object.fromEntries(keys.map((k) => [k, null])) };
}
