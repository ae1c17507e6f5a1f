import { ADT_LIMITS, type AdtSource } from '../../contract/adt/adt.js';
import { ADT_DATA_TYPES } from '../../contract/schedule.js';
import type { MessageKey } from '../../i18n/format.js';
import { HOLD_QUEUE_RULE_KINDS, type HoldQueueRuleKind } from '../jobEditor/holdQueueRules.js';
import { parseAdtKey } from './adtValues.js';

/**
 * A facility's hold-queue rules, ADT data items and ADT searches as a manager sets them up on the
 * Reference data page (issue 26; spec 02 §3 "ADT data item", "ADT search configuration"; docs/domain.md
 * "Hold-queue rules", "ADT values"). Pure checks the server applies before it writes and the web
 * applies while the manager types, so both refuse the same things with the same message.
 */

/** The bounds of what a manager may enter (the contract's zod schemas use them too). */
export const ADT_SETUP_LIMITS = {
  ruleCodeMax: 20,
  ruleDescriptionMax: 200,
  /** ADT items one rule may name. */
  ruleFieldsMax: 50,
  /** Rules one facility may have. */
  rulesMax: 100,
  headingMax: 100,
  displayNameMax: 100,
  fieldMax: 999,
  componentMax: 99,
  ordinalMax: 9999,
  /**
   * Value items (patient, visit, order) a facility may show, its structure's included: a save
   * carries at most this many ADT values (ADT_LIMITS.maxItems), so a job must fit in one.
   */
  valueItemsMax: ADT_LIMITS.maxItems,
  /** Physician-type items a facility may show (a save carries at most this many). */
  physicianItemsMax: ADT_LIMITS.maxPhysicianItems,
  searchNameMax: 100,
  /** As long as searchadt's `identifier` may be, so every configured search can be asked for. */
  searchIdentifierMax: 40,
  searchFieldNameMax: 100,
  /** Fields one search may have (searchadt takes at most this many values). */
  searchFieldsMax: ADT_LIMITS.maxSearchFields,
  /** Searches one facility may offer. */
  searchesMax: 20,
} as const;

/** A search identifier: letters, digits, dot, underscore and hyphen (it travels in every search call). */
export const SEARCH_IDENTIFIER_PATTERN = /^[A-Za-z0-9._-]+$/;

/** A catalogue message and its values: the web shows `t(key, values)`, the server `message(key, values)`. */
export interface SetupProblem {
  key: MessageKey;
  values: Record<string, string | number>;
}

const problem = (key: MessageKey, values: Record<string, string | number> = {}): SetupProblem => ({
  key,
  values,
});

/** Text compared the way codes, headings and identifiers are unique: trimmed, ignoring case. */
export const sameCode = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** True when `code` is already one of `others` (trimmed, ignoring case). */
export const isTaken = (code: string, others: readonly string[]): boolean =>
  others.some((o) => sameCode(o, code));

// ---------------------------------------------------------------------------------------------
// Hold-queue rules

/** Whether `kind` is one of the rule kinds Quill evaluates (docs/domain.md "Hold-queue rules"). */
export function isHoldQueueRuleKind(kind: string): kind is HoldQueueRuleKind {
  return (HOLD_QUEUE_RULE_KINDS as readonly string[]).includes(kind);
}

/**
 * The kinds whose rule may name the ADT items it looks at (`params.fields`, keys "SEG.f.c"):
 * missingMandatoryAdt (default: the facility's mandatory items) and patientNameMismatch (default:
 * last and first name, PID 5.1 and 5.2). The other kinds take no parameter
 * (rules/jobEditor/holdQueueRules.ts evaluates them from the job alone).
 */
export const RULE_KINDS_WITH_FIELDS: readonly HoldQueueRuleKind[] = [
  'missingMandatoryAdt',
  'patientNameMismatch',
];

/** The items patientNameMismatch compares when its rule names none. */
export const DEFAULT_NAME_FIELDS = ['PID.5.1', 'PID.5.2'] as const;

export const takesFields = (kind: string): boolean =>
  (RULE_KINDS_WITH_FIELDS as readonly string[]).includes(kind);

/** The fields a stored rule names (`params.fields`), or null when it names none. */
export function ruleFields(params: Readonly<Record<string, unknown>>): string[] | null {
  const fields = params.fields;
  return Array.isArray(fields) && fields.every((f) => typeof f === 'string')
    ? [...(fields as string[])]
    : null;
}

/**
 * What is wrong with the fields a rule of `kind` is given, or null: only missingMandatoryAdt and
 * patientNameMismatch take fields; each must be a value item the facility shows (`valueKeys`),
 * named once; none (null or empty) means the kind's default.
 */
export function ruleFieldsProblem(
  kind: string,
  fields: readonly string[] | null | undefined,
  valueKeys: ReadonlySet<string>,
): SetupProblem | null {
  if (!fields?.length) return null;
  if (!takesFields(kind)) return problem('reference.adt.rules.noFieldsForKind');
  if (fields.length > ADT_SETUP_LIMITS.ruleFieldsMax)
    return problem('reference.adt.rules.tooManyFields', { max: ADT_SETUP_LIMITS.ruleFieldsMax });
  const seen = new Set<string>();
  for (const field of fields) {
    if (!valueKeys.has(field)) return problem('reference.adt.rules.unknownField', { field });
    if (seen.has(field)) return problem('reference.adt.rules.fieldTwice', { field });
    seen.add(field);
  }
  return null;
}

/** The params a rule of `kind` is stored with: `{fields}` when it names some, else none. */
export function ruleParams(
  kind: string,
  fields: readonly string[] | null | undefined,
): Record<string, unknown> {
  return takesFields(kind) && fields?.length ? { fields: [...fields] } : {};
}

/**
 * A rule's parameters in words (the Hold-queue rules table): which items it checks, by the
 * display names the facility gives them (`names`, by key; an unknown key shows as itself).
 */
export function ruleParamsInWords(
  kind: string,
  params: Readonly<Record<string, unknown>>,
  names: ReadonlyMap<string, string>,
): SetupProblem {
  const nameList = (keys: readonly string[]) => keys.map((k) => names.get(k) ?? k).join(', ');
  const fields = ruleFields(params);
  switch (kind) {
    case 'missingMandatoryAdt':
      return fields?.length
        ? problem('reference.adt.rules.explain.missingFields', { fields: nameList(fields) })
        : problem('reference.adt.rules.explain.missingMandatory');
    case 'addresseeCount':
      return problem('reference.adt.rules.explain.addresseeCount');
    case 'noDictator':
      return problem('reference.adt.rules.explain.noDictator');
    case 'emptySection':
      return problem('reference.adt.rules.explain.emptySection');
    case 'patientNameMismatch':
      return problem('reference.adt.rules.explain.nameMismatch', {
        fields: nameList(fields?.length ? fields : DEFAULT_NAME_FIELDS),
      });
    default:
      return problem('reference.adt.rules.explain.unknownKind', { kind });
  }
}

// ---------------------------------------------------------------------------------------------
// ADT data items

/** adt_definitions.segment_type: which record an item's value belongs to. */
export const ADT_SEGMENT_TYPES = { patient: 0, visit: 1, order: 2 } as const;
export type AdtSegmentType = (typeof ADT_SEGMENT_TYPES)[keyof typeof ADT_SEGMENT_TYPES];

/**
 * The HL7 segments Quill reads for each segment type (docs/domain.md "ADT values"): the patient
 * from PID, the visit from PV1 and IN1 (insurance), orders from ORC and OBR. A site's own
 * Z-segment (ZPI …) may hold extra values of any of the three.
 */
export const SEGMENTS_BY_TYPE: Readonly<Record<AdtSegmentType, readonly string[]>> = {
  0: ['PID'],
  1: ['PV1', 'IN1'],
  2: ['ORC', 'OBR'],
};

/** A site-defined segment: Z and two letters or digits. */
const Z_SEGMENT = /^Z[A-Z0-9]{2}$/;

/** Whether `segment` is one Quill reads for `segmentType` (its own segments, or a Z-segment). */
export function segmentFitsType(segmentType: number, segment: string): boolean {
  const known = SEGMENTS_BY_TYPE[segmentType as AdtSegmentType];
  return !!known && (known.includes(segment) || Z_SEGMENT.test(segment));
}

/** Where an item's value comes from, as the job's ADT answer says (PID 18.1 is the visit's number). */
export function itemSource(item: {
  segmentType: number;
  segmentName: string;
  fieldIndex: number;
  componentIndex: number;
}): AdtSource {
  if (item.segmentName === 'PID' && item.fieldIndex === 18 && item.componentIndex === 1) return 'visit';
  return (['patient', 'visit', 'order'] as const)[item.segmentType] ?? 'job';
}

/** The address of an item: "SEG.field.component" for a value, "SEG.field" for a physician item. */
export function itemKey(item: {
  isPhysician: boolean;
  segmentName: string;
  fieldIndex: number;
  componentIndex: number;
}): string {
  return item.isPhysician
    ? `${item.segmentName}.${item.fieldIndex}`
    : `${item.segmentName}.${item.fieldIndex}.${item.componentIndex}`;
}

/** Whether a data type is a date or a date and time (adt_definitions.is_date_time; the upload asks their format). */
export const isDateDataType = (dataType: number): boolean =>
  dataType === ADT_DATA_TYPES.dateTime || dataType === ADT_DATA_TYPES.date;

/** The settings of an item a manager may change (the add form has them too). */
export interface AdtItemSettings {
  isPhysician: boolean;
  segmentType: number;
  readOnly: boolean;
  highlighted: boolean;
  inOrderSummary: boolean;
  follows: 'dictator' | 'dictatedFor' | null;
}

/**
 * What is wrong with an item's settings, or null: `follows` (whose physician a refresh puts in)
 * is for physician items only; read-only and highlighted are for value items only (a physician
 * item changes by choosing a physician); only an order's value items can be columns of the
 * Orders panel's summary.
 */
export function itemSettingsProblem(item: AdtItemSettings): SetupProblem | null {
  if (item.follows !== null && !item.isPhysician) return problem('reference.adt.items.followsPhysicianOnly');
  if (item.isPhysician && (item.readOnly || item.highlighted))
    return problem('reference.adt.items.physicianFlags');
  if (item.inOrderSummary && (item.isPhysician || item.segmentType !== ADT_SEGMENT_TYPES.order))
    return problem('reference.adt.items.summaryOrderOnly');
  return null;
}

/** A new item as the add form sends it. */
export interface NewAdtItemFacts extends AdtItemSettings {
  columnHeading: string;
  segmentName: string;
  fieldIndex: number;
  componentIndex: number;
  dataType: number;
}

/**
 * What is wrong with a new item in itself, or null: its segment must be one Quill reads for its
 * segment type; a physician item sits at component 1 (the XCN's id) and is of type string; and
 * its settings must fit it (itemSettingsProblem).
 */
export function newItemProblem(item: NewAdtItemFacts): SetupProblem | null {
  if (!segmentFitsType(item.segmentType, item.segmentName))
    return problem('reference.adt.items.segmentNotOfType', {
      segment: item.segmentName,
      segments: (SEGMENTS_BY_TYPE[item.segmentType as AdtSegmentType] ?? []).join(', '),
    });
  if (item.isPhysician && item.componentIndex !== 1) return problem('reference.adt.items.physicianComponent');
  if (item.isPhysician && item.dataType !== ADT_DATA_TYPES.string)
    return problem('reference.adt.items.physicianType');
  return itemSettingsProblem(item);
}

/** An item the facility shows (or that its structure shares), as far as uniqueness cares. */
export interface ShownItem {
  id: number;
  /** Null: the structure's, shared by every facility of it. */
  clientFacilityId: number | null;
  columnHeading: string;
  isPhysician: boolean;
  segmentName: string;
  fieldIndex: number;
  componentIndex: number;
}

const slotOf = (i: Pick<ShownItem, 'isPhysician' | 'segmentName' | 'fieldIndex' | 'componentIndex'>) =>
  `${i.isPhysician ? 'physician' : 'value'}:${itemKey(i)}`;

/**
 * The items facility `facilityId` shows, of its own rows and its structure's (`items`, by id): one
 * an address, its own before the structure's — an own item replaces the structure's item at the
 * same address — and at one level the first by id (as the job's ADT answer takes them,
 * services/adt/adtDefinitions.ts).
 */
export function shownItems<T extends ShownItem>(items: readonly T[], facilityId: number): T[] {
  const bySlot = new Map<string, T>();
  const ordered = [
    ...items.filter((i) => i.clientFacilityId === facilityId),
    ...items.filter((i) => i.clientFacilityId === null),
  ];
  for (const item of ordered) if (!bySlot.has(slotOf(item))) bySlot.set(slotOf(item), item);
  return [...bySlot.values()];
}

/**
 * What stops a new item of facility `facilityId` from being added, or null: the facility may
 * have one own item at an address (a second would never show), and no two items it shows may
 * share a column heading, ignoring case (the upload maps headings to items by it). An own item at
 * the address of a structure item replaces it for this facility, so that item's heading is free.
 */
export function newItemConflict(
  item: Omit<ShownItem, 'id' | 'clientFacilityId'>,
  facilityId: number,
  items: readonly ShownItem[],
): SetupProblem | null {
  const slot = slotOf(item);
  if (items.some((i) => i.clientFacilityId === facilityId && slotOf(i) === slot))
    return problem('reference.adt.items.addressTaken', { key: itemKey(item) });
  const clash = shownItems(items, facilityId).find(
    (i) => slotOf(i) !== slot && sameCode(i.columnHeading, item.columnHeading),
  );
  return clash ? problem('reference.adt.items.headingTaken', { heading: clash.columnHeading.trim() }) : null;
}

// ---------------------------------------------------------------------------------------------
// ADT searches

/** A search field as the form sends it: its label and the value item it searches. */
export interface SearchFieldFacts {
  name: string;
  key: string;
}

/**
 * What is wrong with a search's fields, or null: at least one and at most searchFieldsMax, each
 * one of the value items the facility shows (`valueKeys`: patient, visit or order items — a
 * physician item holds a physician, not a value to search by), none twice.
 */
export function searchFieldsProblem(
  fields: readonly SearchFieldFacts[],
  valueKeys: ReadonlySet<string>,
): SetupProblem | null {
  if (fields.length === 0) return problem('reference.adt.searches.noFields');
  if (fields.length > ADT_SETUP_LIMITS.searchFieldsMax)
    return problem('reference.adt.searches.tooManyFields', { max: ADT_SETUP_LIMITS.searchFieldsMax });
  const seen = new Set<string>();
  for (const f of fields) {
    if (!parseAdtKey(f.key) || !valueKeys.has(f.key))
      return problem('reference.adt.searches.unknownField', { field: f.name, key: f.key });
    if (seen.has(f.key)) return problem('reference.adt.searches.fieldTwice', { key: f.key });
    seen.add(f.key);
  }
  return null;
}
