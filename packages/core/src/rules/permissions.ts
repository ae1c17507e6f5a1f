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

/** Spec 01 §6: the patient name is visible with adtView, adtEdit or jobEditAdt. */
export function canSeePatientName(perms: ReadonlySet<string>): boolean {
  return perms.has('adtView') || perms.has('adtEdit') || perms.has('jobEditAdt');
}
