/**
 * A facility's reference data in Quill (issue 26): which sections the Reference data page has and
 * who may use them. Reading needs dictatorView, changing needs dictatorAdd — the spec's two
 * administration flags (spec 01 §6 User Search / User Add; a "dictator" is the spec's word for a
 * physician who dictates) — see docs/decisions.md "Reference data pages".
 */

/** The page's sections, in the order of its tabs; each id is also its catalogue key under `reference.sections.`. */
export const REFERENCE_SECTIONS = [
  'workTypes',
  'departments',
  'locations',
  'physicians',
  'holdQueueRules',
  'adtDefinitions',
  'adtSearches',
] as const;

export type ReferenceSection = (typeof REFERENCE_SECTIONS)[number];

export function isReferenceSection(value: unknown): value is ReferenceSection {
  return typeof value === 'string' && (REFERENCE_SECTIONS as readonly string[]).includes(value);
}

/** The permission that shows the reference data pages. */
export const REFERENCE_VIEW_PERMISSION = 'dictatorView';
/** The permission that changes reference data. */
export const REFERENCE_EDIT_PERMISSION = 'dictatorAdd';

/** True when the account may change a facility's reference data. */
export function canEditReferenceData(permissions: ReadonlySet<string>): boolean {
  return permissions.has(REFERENCE_EDIT_PERMISSION);
}
