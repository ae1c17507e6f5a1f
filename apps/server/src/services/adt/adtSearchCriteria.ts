import {
  AdtSearchFieldSchema,
  type AdtSearchRequest,
  adtSearchDay,
  type Hl7Identifier,
  isAdtSearchValueLongEnough,
  isBlankAdtSearchValue,
  message,
} from '@quill/core';
import { z } from 'zod';
import { invalid } from '../../errors/domainErrors.js';

/** The record a search value narrows: the patient, one of its visits, or an order of a visit. */
export type AdtRecord = 'patient' | 'visit' | 'order';

/**
 * How a value matches: `prefix` case-insensitive (names), `exact` (ids, codes), `date` the day of a
 * date column, `day` the day of a time column in the facility's time zone.
 */
export type AdtMatch = 'prefix' | 'exact' | 'date' | 'day';

/** The record columns a search field may name (keys of the drizzle tables, see adtSearchSql.ts). */
export type AdtColumn =
  | 'mrn'
  | 'lastName'
  | 'firstName'
  | 'middleName'
  | 'dateOfBirth'
  | 'sex'
  | 'visitNumber'
  | 'patientClass'
  | 'admittedAt'
  | 'dischargedAt'
  | 'orderNumber'
  | 'description'
  | 'orderedAt';

/** One condition of a search: all of a search's conditions must hold (AND). */
export interface AdtCriterion {
  record: AdtRecord;
  /** "SEG.field.component" of the search field. */
  key: string;
  /** The column read; null: the record's `adt` value at `key` (not indexed). */
  column: AdtColumn | null;
  match: AdtMatch;
  /** Trimmed; a day ('yyyy-MM-dd') for `date` and `day`. */
  value: string;
}

type Target = Pick<AdtCriterion, 'record' | 'column' | 'match'>;
const col = (record: AdtRecord, column: AdtColumn, match: AdtMatch): Target => ({
  record,
  column,
  match,
});

/**
 * The HL7 positions stored in columns (spec 02 §3 "Patient data positions", PV1, ORC/OBR): what
 * a search finds through an index. Any other position is read from the record's `adt` values.
 */
const COLUMN_OF: Record<string, Target> = {
  'PID.3.1': col('patient', 'mrn', 'exact'),
  'PID.5.1': col('patient', 'lastName', 'prefix'),
  'PID.5.2': col('patient', 'firstName', 'prefix'),
  'PID.5.3': col('patient', 'middleName', 'prefix'),
  'PID.7.1': col('patient', 'dateOfBirth', 'date'),
  'PID.8.1': col('patient', 'sex', 'exact'),
  'PID.18.1': col('visit', 'visitNumber', 'exact'),
  'PV1.19.1': col('visit', 'visitNumber', 'exact'),
  'PV1.2.1': col('visit', 'patientClass', 'exact'),
  'PV1.44.1': col('visit', 'admittedAt', 'day'),
  'PV1.45.1': col('visit', 'dischargedAt', 'day'),
  'ORC.2.1': col('order', 'orderNumber', 'exact'),
  'OBR.2.1': col('order', 'orderNumber', 'exact'),
  'OBR.4.2': col('order', 'description', 'prefix'),
  'OBR.7.1': col('order', 'orderedAt', 'day'),
};

/** A search field as the configuration stores it (no value). */
export const StoredSearchFieldSchema = AdtSearchFieldSchema.omit({ value: true });
export type StoredSearchField = z.infer<typeof StoredSearchFieldSchema>;
/** The `search_fields` column of adt_search_configurations. */
export const StoredSearchFieldsSchema = z.array(StoredSearchFieldSchema);

/** "SEG.field.component" of an HL7 identifier. */
export function hl7Key(id: Hl7Identifier): string {
  return `${id.segment}.${id.field}.${id.component}`;
}

/** Where a field is read: its column, else the `adt` value of the record its source names. */
function targetOf(field: StoredSearchField, key: string): Target | null {
  const known = COLUMN_OF[key];
  if (known) return known;
  if (field.source === 'job') return null;
  const match: AdtMatch = field.type === 'date' ? 'date' : field.type === 'datetime' ? 'day' : 'exact';
  return { record: field.source, column: null, match };
}

/**
 * The conditions of one search (spec 02 §5, §7 searchadt): each non-empty value must belong to
 * a field of the search (400 adt.unknownField), hold at least 2 characters without spaces (400
 * 'Value must be at least 2 characters') and, for a date field, name a day (400 adt.badDate).
 * Empty values are not searched; a search with none is refused as too short, since it would
 * list every patient. Messages name fields, never the values (patient data).
 */
export function adtSearchCriteria(
  fields: readonly StoredSearchField[],
  input: AdtSearchRequest['inputAdtData'],
): AdtCriterion[] {
  const byKey = new Map(fields.map((f) => [hl7Key(f.hl7Identifier), f]));
  const criteria: AdtCriterion[] = [];
  for (const item of input) {
    const key = hl7Key(item.hl7Identifier);
    const field = byKey.get(key);
    if (!field) throw invalid(message('adt.unknownField', { field: key }));
    if (isBlankAdtSearchValue(item.value)) continue;
    const value = (item.value as string).trim();
    if (!isAdtSearchValueLongEnough(value)) throw invalid(message('adt.valueTooShort'));
    const target = targetOf(field, key);
    if (!target) throw invalid(message('adt.unknownField', { field: key }));
    if (target.match === 'date' || target.match === 'day') {
      const day = adtSearchDay(value, target.match === 'day');
      if (!day) throw invalid(message('adt.badDate', { field: field.name }));
      criteria.push({ ...target, key, value: day });
    } else {
      criteria.push({ ...target, key, value });
    }
  }
  if (criteria.length === 0) throw invalid(message('adt.valueTooShort'));
  return criteria;
}
