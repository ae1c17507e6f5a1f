import {
  adtKey,
  type InputAdtItem,
  type JobDataRequest,
  message,
  physicianKey,
  readAdtValue,
} from '@quill/core';
import { invalid } from '../../errors/domainErrors.js';
import { type AdtDefinition, adtDataType } from './adtDefinitions.js';

type InputPhysicianItem = NonNullable<JobDataRequest['hl7Physician']>[number];

/**
 * Merging posted ADT items into stored ones (spec 02 §5, §7 "Save payload fields"): each posted
 * item must be a definition of the facility (400 'X is not an ADT field of this facility'), its
 * value must read by the definition's data type (400 naming the field by its display name), and a
 * read-only item may only be posted with the value it has. Items not posted stay as stored; a
 * null or blank value empties the item. "Changed" means a value that READS differently by its
 * data type from the one shown (so '08:30' posted back as '08:30:00' is no change) or another
 * physician; posting the getadtdata answer back changes nothing.
 */

/** The values after a merge and the keys whose value changed. */
export interface Merged<V> {
  values: Record<string, V>;
  changed: string[];
}

const same = (dataType: number, a: string | undefined, b: string | null) => {
  const x = readAdtValue(dataType, a);
  const y = readAdtValue(dataType, b);
  if (x.ok && y.ok) return x.parsedValue === y.parsedValue;
  return (a?.trim() ?? '') === (b?.trim() ?? '');
};

/**
 * Posted values over stored ones (keyed "SEG.field.component"). `fallback` is what the item shows
 * where the stored map has no value (the linked patient's MRN and name): emptying such an item
 * stores '' so the fallback no longer shows through. Throws invalid (400), changes nothing.
 */
export function mergeAdtValues(
  defs: readonly AdtDefinition[],
  stored: Record<string, string>,
  posted: readonly InputAdtItem[],
  fallback: Record<string, string> = {},
): Merged<string> {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const values = { ...stored };
  const changed = new Set<string>();
  for (const item of posted) {
    const key = adtKey(item.hl7Identifier);
    const def = byKey.get(key);
    if (!def) throw invalid(message('adt.notAField', { field: key }));
    const field = def.row.displayName;
    const dataType = adtDataType(def.row);
    const reading = readAdtValue(dataType, item.value);
    if (!reading.ok) throw invalid(message(reading.error, { field }));
    if (same(dataType, key in values ? values[key] : fallback[key], reading.value)) continue;
    if (def.row.readOnly) throw invalid(message('adt.readOnlyField', { field }));
    changed.add(key);
    if (reading.value !== null) values[key] = reading.value;
    else if (fallback[key]?.trim()) values[key] = '';
    else delete values[key];
  }
  return { values, changed: [...changed] };
}

/**
 * Posted physician-type items over stored ones (physician id by "SEG.field"). `known` holds the
 * physicians of the job's corporate structure (another's reads as unknown, 400); one disabled in
 * the directory is no new choice (400), while an item that already names it keeps it. Throws invalid.
 */
export function mergePhysicianItems(
  defs: readonly AdtDefinition[],
  stored: Record<string, number>,
  posted: readonly InputPhysicianItem[],
  known: ReadonlyMap<number, { disabled: boolean }>,
): Merged<number> {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const values = { ...stored };
  const changed = new Set<string>();
  for (const item of posted) {
    const key = physicianKey(item.hl7IdentifierBase);
    const def = byKey.get(key);
    if (!def) throw invalid(message('adt.notAField', { field: key }));
    const id = item.physicianId;
    if (id !== null && !known.has(id)) throw invalid(message('job.unknownPhysician', { id }));
    if ((values[key] ?? null) === id) continue;
    if (id !== null && known.get(id)!.disabled) throw invalid(message('job.disabledPhysician', { id }));
    if (def.row.readOnly) throw invalid(message('adt.readOnlyField', { field: def.row.displayName }));
    changed.add(key);
    if (id === null) delete values[key];
    else values[key] = id;
  }
  return { values, changed: [...changed] };
}
