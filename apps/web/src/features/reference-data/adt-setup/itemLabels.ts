import type { AdtItemRow } from '@quill/core/contract/adt/adtSetup';
import type { TFunction } from 'i18next';

/** Spec 02 §3 ADT data types 0 … 6 by their catalogue names (ADT_DATA_TYPES), as the forms offer them. */
const DATA_TYPE_NAMES = ['dateTime', 'date', 'decimal', 'ssn', 'string', 'time', 'boolean'] as const;
/** adt_definitions.segment_type 0 … 2. */
const SEGMENT_TYPE_NAMES = ['patient', 'visit', 'order'] as const;

export const DATA_TYPES = DATA_TYPE_NAMES.map((_, i) => i);
export const SEGMENT_TYPES = SEGMENT_TYPE_NAMES.map((_, i) => i);

export function dataTypeLabel(t: TFunction, dataType: number): string {
  const name = DATA_TYPE_NAMES[dataType];
  return name ? t(`reference.adt.items.dataTypes.${name}`) : String(dataType);
}

export function segmentTypeLabel(t: TFunction, segmentType: number): string {
  const name = SEGMENT_TYPE_NAMES[segmentType];
  return name ? t(`reference.adt.items.segmentTypes.${name}`) : String(segmentType);
}

/** Whose physician a refresh puts into a physician item, in words. */
export function followsLabel(t: TFunction, follows: AdtItemRow['follows']): string {
  if (follows === 'dictator') return t('reference.adt.items.followsDictator');
  if (follows === 'dictatedFor') return t('reference.adt.items.followsDictatedFor');
  return t('reference.adt.items.followsNone');
}

/** An item's settings in words, for the table (words, not colours or ticks alone). */
export function itemSettings(t: TFunction, item: AdtItemRow): string {
  const on: string[] = [];
  if (item.mandatory) on.push(t('reference.adt.items.mandatory'));
  if (item.readOnly) on.push(t('reference.adt.items.readOnly'));
  if (item.highlighted) on.push(t('reference.adt.items.highlighted'));
  if (item.inOrderSummary) on.push(t('reference.adt.items.inOrderSummary'));
  if (item.refreshOnEdit) on.push(t('reference.adt.items.refreshOnEdit'));
  if (item.isPhysician) on.push(`${t('reference.adt.items.follows')}: ${followsLabel(t, item.follows)}`);
  return on.join(', ');
}
