import { z } from 'zod';
import { message } from '../../i18n/format.js';
import { ADT_SETUP_LIMITS as L, SEARCH_IDENTIFIER_PATTERN } from '../../rules/adt/adtSetup.js';
import { HOLD_QUEUE_RULE_KINDS } from '../../rules/jobEditor/holdQueueRules.js';
import { plainText } from '../documents/text.js';
import { queryId, wholeNumber } from '../ids.js';
import { FacilityIdParamsSchema } from '../referenceData.js';
import { ADT_DISPLAY_TYPES, AdtSourceSchema, Hl7IdentifierSchema, PhysicianFollowsSchema } from './adt.js';

/**
 * Issue 26, Reference data ▸ Hold-queue rules, ADT data and ADT searches of one client facility
 * (`/api/reference/{cfId}/…`; reading needs dictatorView, changing dictatorAdd). The pure checks
 * that need the facility's other rows (unique codes, known ADT items) are rules/adt/adtSetup.ts.
 */

/** Text a manager types: trimmed, without control characters, 1 … max characters. */
const name = (field: string, max: number, required: string) =>
  plainText(field, { max }).trim().min(1, required);

/** A value item's address as a rule names it: "SEG.field.component". */
const adtKeyText = plainText('field', { max: 12 }).regex(
  /^[A-Z][A-Z0-9]{2}\.[1-9]\d{0,2}\.[1-9]\d?$/,
  'An ADT item is named by its address, such as PID.5.1',
);

/** Answer of a delete: the id of the row that is gone. */
export const AdtSetupDeletedSchema = z.object({ deleted: z.number().int() });
export type AdtSetupDeleted = z.infer<typeof AdtSetupDeletedSchema>;

// ---------------------------------------------------------------------------------------------
// Hold-queue rules

export const HoldQueueRuleParamsSchema = FacilityIdParamsSchema.extend({ ruleId: queryId('ruleId') });

/** One hold-queue rule of the facility (docs/domain.md "Hold-queue rules"). */
export const HoldQueueRuleRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  /** One of HOLD_QUEUE_RULE_KINDS, or a kind Quill does not know (it never holds a job). */
  kind: z.string(),
  enabled: z.boolean(),
  /** The ADT items (keys "SEG.f.c") the rule checks; null: the kind's default or none. */
  fields: z.array(z.string()).nullable(),
  /** What the rule checks, in words (rules/adt/adtSetup.ts ruleParamsInWords). */
  explanation: z.string(),
});
export type HoldQueueRuleRow = z.infer<typeof HoldQueueRuleRowSchema>;

/** GET /api/reference/{cfId}/holdQueueRules: the facility's rules in code order (the order they run). */
export const HoldQueueRulesSchema = z.object({ rules: z.array(HoldQueueRuleRowSchema) });
export type HoldQueueRules = z.infer<typeof HoldQueueRulesSchema>;

const ruleCode = name('code', L.ruleCodeMax, message('reference.adt.rules.codeRequired'));
const ruleDescription = name(
  'description',
  L.ruleDescriptionMax,
  message('reference.adt.rules.descriptionRequired'),
);
const ruleFields = z
  .array(adtKeyText)
  .max(L.ruleFieldsMax, message('reference.adt.rules.tooManyFields', { max: L.ruleFieldsMax }))
  .nullable();

/** POST /api/reference/{cfId}/holdQueueRules/{ruleId}: code, description and (for kinds that take them) the items. */
export const HoldQueueRuleChangeSchema = z.object({
  code: ruleCode,
  description: ruleDescription,
  /** Absent: as stored; null or empty: the kind's default. */
  fields: ruleFields.optional(),
});
export type HoldQueueRuleChange = z.infer<typeof HoldQueueRuleChangeSchema>;

/** POST /api/reference/{cfId}/holdQueueRules: a new rule of one of the known kinds. */
export const NewHoldQueueRuleSchema = z.object({
  code: ruleCode,
  description: ruleDescription,
  kind: z.enum(HOLD_QUEUE_RULE_KINDS, { error: message('reference.adt.rules.kindInvalid') }),
  enabled: z.boolean().default(true),
  fields: ruleFields.default(null),
});
export type NewHoldQueueRule = z.infer<typeof NewHoldQueueRuleSchema>;

/** POST /api/reference/{cfId}/holdQueueRules/{ruleId}/enabled */
export const HoldQueueRuleEnabledSchema = z.object({ enabled: z.boolean() });

// ---------------------------------------------------------------------------------------------
// ADT data items

export const AdtItemParamsSchema = FacilityIdParamsSchema.extend({ definitionId: queryId('definitionId') });

/** One ADT data item the facility shows or its corporate structure shares (spec 02 §3 "ADT data item"). */
export const AdtItemRowSchema = z.object({
  id: z.number().int(),
  /** True: the corporate structure's item, shared by every facility of it (edits change them all). */
  shared: z.boolean(),
  /** A structure item this facility replaces by its own item at the same address (not shown in its jobs). */
  replaced: z.boolean(),
  columnHeading: z.string(),
  displayName: z.string(),
  segmentName: z.string(),
  /** 0 patient, 1 visit, 2 order. */
  segmentType: z.number().int(),
  fieldIndex: z.number().int(),
  componentIndex: z.number().int(),
  /** Spec 02 §3 ADT data type 0 … 6. */
  dataType: z.number().int(),
  isPhysician: z.boolean(),
  /** "SEG.field.component" (values) or "SEG.field" (physician items). */
  key: z.string(),
  source: AdtSourceSchema,
  ordinal: z.number().int(),
  mandatory: z.boolean(),
  readOnly: z.boolean(),
  highlighted: z.boolean(),
  inOrderSummary: z.boolean(),
  refreshOnEdit: z.boolean(),
  follows: PhysicianFollowsSchema,
});
export type AdtItemRow = z.infer<typeof AdtItemRowSchema>;

/** GET /api/reference/{cfId}/adtDefinitions: the structure's shared items, then the facility's own. */
export const AdtItemsSchema = z.object({ structure: z.string(), items: z.array(AdtItemRowSchema) });
export type AdtItems = z.infer<typeof AdtItemsSchema>;

/** POST /api/reference/{cfId}/adtDefinitions/{definitionId}: what a manager may change of an item. */
export const AdtItemChangeSchema = z.object({
  displayName: name('displayName', L.displayNameMax, message('reference.adt.items.displayNameRequired')),
  ordinal: wholeNumber('ordinal', { min: 0, max: L.ordinalMax }),
  mandatory: z.boolean(),
  readOnly: z.boolean(),
  highlighted: z.boolean(),
  inOrderSummary: z.boolean(),
  refreshOnEdit: z.boolean(),
  follows: PhysicianFollowsSchema.default(null),
});
export type AdtItemChange = z.infer<typeof AdtItemChangeSchema>;

/** POST /api/reference/{cfId}/adtDefinitions: a new item of the facility. */
export const NewAdtItemSchema = AdtItemChangeSchema.extend({
  columnHeading: name('columnHeading', L.headingMax, message('reference.adt.items.headingRequired')),
  segmentName: plainText('segmentName', { max: 3 })
    .trim()
    .regex(/^[A-Z][A-Z0-9]{2}$/, message('reference.adt.items.segmentInvalid')),
  segmentType: z
    .number({ error: message('reference.adt.items.segmentTypeInvalid') })
    .int(message('reference.adt.items.segmentTypeInvalid'))
    .min(0, message('reference.adt.items.segmentTypeInvalid'))
    .max(2, message('reference.adt.items.segmentTypeInvalid')),
  fieldIndex: wholeNumber('field', { min: 1, max: L.fieldMax }),
  componentIndex: wholeNumber('component', { min: 1, max: L.componentMax }),
  dataType: z
    .number({ error: message('reference.adt.items.dataTypeInvalid') })
    .int(message('reference.adt.items.dataTypeInvalid'))
    .min(0, message('reference.adt.items.dataTypeInvalid'))
    .max(ADT_DISPLAY_TYPES.length - 1, message('reference.adt.items.dataTypeInvalid')),
  isPhysician: z.boolean().default(false),
});
export type NewAdtItem = z.infer<typeof NewAdtItemSchema>;

// ---------------------------------------------------------------------------------------------
// ADT searches

export const AdtSearchParamsSchema = FacilityIdParamsSchema.extend({ searchId: queryId('searchId') });

/** A search field as stored (spec 02 §3 "ADT search configuration" searchField without its value). */
export const AdtSearchFieldRowSchema = z.object({
  name: z.string(),
  type: z.enum(ADT_DISPLAY_TYPES),
  hl7Identifier: Hl7IdentifierSchema,
  source: AdtSourceSchema,
});

/** One search the facility offers. */
export const AdtSearchRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  identifier: z.string(),
  /** Stored fields that no longer read are left out, as the job's search configuration leaves them out. */
  fields: z.array(AdtSearchFieldRowSchema),
});
export type AdtSearchRow = z.infer<typeof AdtSearchRowSchema>;

/** GET /api/reference/{cfId}/adtSearches: the facility's searches in the order a job offers them. */
export const AdtSearchesSchema = z.object({ searches: z.array(AdtSearchRowSchema) });
export type AdtSearches = z.infer<typeof AdtSearchesSchema>;

/**
 * POST /api/reference/{cfId}/adtSearches (a new one) and …/{searchId} (a change): the search's
 * name, identifier and fields, each a label and the value item it searches; the field's input
 * type and record are the item's (so the search reads it as the item is stored).
 */
export const AdtSearchChangeSchema = z.object({
  name: name('name', L.searchNameMax, message('reference.adt.searches.nameRequired')),
  identifier: plainText('identifier', { max: L.searchIdentifierMax })
    .trim()
    .regex(SEARCH_IDENTIFIER_PATTERN, message('reference.adt.searches.identifierInvalid')),
  fields: z
    .array(
      z.object({
        name: name('name', L.searchFieldNameMax, message('reference.adt.searches.fieldNameRequired')),
        hl7Identifier: Hl7IdentifierSchema,
      }),
    )
    .min(1, message('reference.adt.searches.noFields'))
    .max(L.searchFieldsMax, message('reference.adt.searches.tooManyFields', { max: L.searchFieldsMax })),
});
export type AdtSearchChange = z.infer<typeof AdtSearchChangeSchema>;
