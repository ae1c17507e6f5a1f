import { COMPOSITE_NAME_FORMATS } from '../../contract/schedule.js';

/** A patient name split into its parts (PID 5.1 last, 5.2 first, 5.3 middle). */
export interface SplitName {
  last: string;
  first: string;
  middle: string;
}

/** Composite name format values (spec 02 §3). */
export const NAME_FORMAT = { lastCommaFirst: 0, lastFirst: 1, firstLast: 2 } as const;

const words = (s: string) => s.trim().split(/\s+/).filter(Boolean);

/**
 * Spec 02 §3 composite name formats: 0 "LastName, FirstName MiddleName", 1 "LastName FirstName
 * MiddleName", 2 "FirstName MiddleName LastName". The one rule the import stores by and the
 * mapping step previews by, so the preview shows exactly what is stored.
 */
export function splitCompositeName(value: string, format: number): SplitName {
  if (format === NAME_FORMAT.lastCommaFirst && value.includes(',')) {
    const comma = value.indexOf(',');
    const [first = '', ...middle] = words(value.slice(comma + 1));
    return { last: value.slice(0, comma).trim(), first, middle: middle.join(' ') };
  }
  const w = words(value.replace(',', ' '));
  if (format === NAME_FORMAT.firstLast) {
    if (w.length < 2) return { last: w[0] ?? '', first: '', middle: '' };
    return { first: w[0]!, last: w[w.length - 1]!, middle: w.slice(1, -1).join(' ') };
  }
  const [last = '', first = '', ...middle] = w;
  return { last, first, middle: middle.join(' ') };
}

/**
 * Why the names look like another format than the chosen one, or null:
 * - `commaUnexpected`: a name has a comma but the format has none — it reads like
 *   "LastName, FirstName MiddleName" ("Ito, Christopher" under "FirstName MiddleName LastName"
 *   would store first name "Ito").
 * - `commaMissing`: the format is "LastName, FirstName MiddleName" but a name of two or more
 *   words has no comma.
 */
export type NameFormatWarning = 'commaUnexpected' | 'commaMissing';

export function compositeNameWarning(names: readonly string[], format: number): NameFormatWarning | null {
  const given = names.map((n) => n.trim()).filter(Boolean);
  if (format === NAME_FORMAT.lastCommaFirst) {
    return given.some((n) => !n.includes(',') && words(n).length > 1) ? 'commaMissing' : null;
  }
  return given.some((n) => n.includes(',')) ? 'commaUnexpected' : null;
}

/** The label of a composite name format ('LastName, FirstName MiddleName'). */
export function compositeFormatLabel(format: number): string {
  return COMPOSITE_NAME_FORMATS.find((f) => f.value === format)?.label ?? '';
}
