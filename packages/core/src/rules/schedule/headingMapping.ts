import {
  ADT_DATA_TYPES,
  COMPOSITE_NAME_DEFINITION,
  type HeadingMappingItem,
  type MappingDefinition,
} from '../../contract/schedule.js';

/** Same definition: same HL7 address and heading. */
export function sameDefinition(a: MappingDefinition | null, b: MappingDefinition | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.columnHeading === b.columnHeading &&
    a.segmentName === b.segmentName &&
    a.segmentType === b.segmentType &&
    a.fieldIndex === b.fieldIndex &&
    a.componentIndex === b.componentIndex
  );
}

export function isCompositeName(def: MappingDefinition | null): boolean {
  return sameDefinition(def, COMPOSITE_NAME_DEFINITION);
}

/** A date or date-time definition needs a format; time-only is exempt (spec 02 §5). */
export function needsDateFormat(def: MappingDefinition | null): boolean {
  return !!def && def.isDateTime && def.dataType !== ADT_DATA_TYPES.time;
}

/**
 * Spec 02 §4: choosing a definition with segment type 0 that is not the composite name marks the
 * heading ignored. A format that no longer applies is dropped.
 */
export function chooseDefinition(
  item: HeadingMappingItem,
  def: MappingDefinition | null,
): HeadingMappingItem {
  const ignored = !!def && def.segmentType === 0 && !isCompositeName(def);
  return {
    ...item,
    adtDefinition: def,
    isIgnored: ignored,
    dateTimeFormat: !ignored && needsDateFormat(def) ? item.dateTimeFormat : null,
    compositeColumnFormat: isCompositeName(def) ? item.compositeColumnFormat : null,
  };
}

export type HeadingIssue = 'unmapped' | 'needsDateFormat' | 'needsCompositeFormat';

/** What still stops this heading from being submitted, or null when it is ready. */
export function headingIssue(item: HeadingMappingItem): HeadingIssue | null {
  if (item.isIgnored) return null;
  if (!item.adtDefinition) return 'unmapped';
  if (needsDateFormat(item.adtDefinition) && !item.dateTimeFormat) return 'needsDateFormat';
  if (isCompositeName(item.adtDefinition) && item.compositeColumnFormat === null)
    return 'needsCompositeFormat';
  return null;
}

/** The sample table's dot: mapped (or ignored) with every format it needs. */
export function isHeadingReady(item: HeadingMappingItem): boolean {
  return headingIssue(item) === null;
}

/** Spec 02 §5: submit only when every heading is mapped or ignored and has the formats it needs. */
export function canSubmitMapping(items: readonly HeadingMappingItem[]): boolean {
  return items.length > 0 && items.every(isHeadingReady);
}
