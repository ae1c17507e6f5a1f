import { z } from 'zod';
import { plainText } from '../documents/text.js';
import { BookingCookieSchema, bodyId, wholeNumber } from '../ids.js';
import { PhysicianSchema } from '../job.js';

/**
 * The job's patient, visit and order data (ADT) and the ADT search (spec 02 §3 "ADT data item",
 * "Physician-type ADT item", "Order", "Order template and summary", "ADT search configuration",
 * "ADT search result"; §7 getadtdata, searchadt, Accept ADT). Values travel as text in the HL7
 * forms of their data type (xs:date, xs:dateTime, ###-##-####); `parsedValue` is that text read.
 */

/** Spec 02 §3 display types, indexed by ADT data type (xsdateTime 0 … xsboolean 6). */
export const ADT_DISPLAY_TYPES = [
  'datetime',
  'date',
  'decimal',
  'social security number',
  'string',
  'time',
  'boolean',
] as const;
export type AdtDisplayType = (typeof ADT_DISPLAY_TYPES)[number];

/** Most ADT values, orders and search fields one request may carry (bounded input). */
export const ADT_LIMITS = {
  maxValueLength: 500,
  maxItems: 200,
  maxOrders: 50,
  maxPhysicianItems: 20,
  maxSearchFields: 20,
  /** Most patients one search answers; `truncated` says when there were more. */
  maxSearchPatients: 100,
  /** Spec 02 §5: numeric input allows up to 32 digits. */
  maxDecimalDigits: 32,
} as const;

const segment = plainText('segment', { max: 3 }).regex(
  /^[A-Z][A-Z0-9]{2}$/,
  'segment must be an HL7 segment name such as PID, PV1, ORC or OBR',
);
const position = (name: string, max: number) => wholeNumber(name, { min: 1, max });

/** Where an ADT value sits in HL7: segment, field and component ("PID.5.1"). */
export const Hl7IdentifierSchema = z.object({
  segment,
  field: position('field', 999),
  component: position('component', 99),
});
export type Hl7Identifier = z.infer<typeof Hl7IdentifierSchema>;

/** Where a physician-type item sits in HL7: segment and field ("PV1.7", attending doctor). */
export const Hl7IdentifierBaseSchema = z.object({ segment, field: position('field', 999) });
export type Hl7IdentifierBase = z.infer<typeof Hl7IdentifierBaseSchema>;

/** Which record an ADT value belongs to: the patient, the visit, an order, or only the job. */
export const AdtSourceSchema = z.enum(['patient', 'visit', 'order', 'job']);
export type AdtSource = z.infer<typeof AdtSourceSchema>;

/** Spec 02 §3 "ADT data item": one value of the job's ADT with its definition. */
export const AdtItemSchema = z.object({
  hl7Identifier: Hl7IdentifierSchema,
  /** The value as stored (HL7 text of its data type); null when empty. */
  value: z.string().nullable(),
  /**
   * The value read by its data type (rules/adt/adtValues): a boolean, or canonical text — decimals too,
   * since 32 digits do not fit a number; null when empty or unreadable.
   */
  parsedValue: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  /** Spec 02 §3 ADT data type, 0 … 6. */
  dataType: z.number().int().min(0).max(6),
  displayDataType: z.enum(ADT_DISPLAY_TYPES),
  displayName: z.string(),
  ordinal: z.number().int(),
  mandatory: z.boolean(),
  source: AdtSourceSchema,
  /** Recomputed when the dictator, dictated-for, department, location or work type changes. */
  refreshOnEdit: z.boolean(),
  readOnly: z.boolean(),
  highlighted: z.boolean(),
});
export type AdtItem = z.infer<typeof AdtItemSchema>;

/** Whose physician a refresh puts into a physician-type item; null: chosen by hand. */
export const PhysicianFollowsSchema = z.enum(['dictator', 'dictatedFor']).nullable();

/** Spec 02 §3 "Physician-type ADT item": a physician at an HL7 field (attending, referring, ordering). */
export const PhysicianAdtItemSchema = z.object({
  hl7IdentifierBase: Hl7IdentifierBaseSchema,
  physician: PhysicianSchema.nullable(),
  displayName: z.string(),
  ordinal: z.number().int(),
  mandatory: z.boolean(),
  refreshOnEdit: z.boolean(),
  follows: PhysicianFollowsSchema,
});
export type PhysicianAdtItem = z.infer<typeof PhysicianAdtItemSchema>;

/** Spec 02 §3 "Order": one order of the job with its values and physicians. */
export const OrderSchema = z.object({
  /** The job's order (stable within the job); the web keeps new, unsaved orders by a temporary id. */
  instanceId: z.string(),
  /** The order record it was accepted from, if any. */
  orderId: z.number().int().nullable(),
  outputAdtData: z.array(AdtItemSchema),
  hl7Physician: z.array(PhysicianAdtItemSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/** Spec 02 §3 "Order template": the fields a new order has. */
export const OrderTemplateSchema = z.object({
  outputAdtData: z.array(AdtItemSchema),
  hl7Physician: z.array(PhysicianAdtItemSchema),
});
export type OrderTemplate = z.infer<typeof OrderTemplateSchema>;

/** Spec 02 §3 "Order summary": a column of the Orders panel's table. */
export const OrderSummaryEntrySchema = Hl7IdentifierSchema.extend({ displayName: z.string() });
export type OrderSummaryEntry = z.infer<typeof OrderSummaryEntrySchema>;

/** Spec 02 §3 "ADT search configuration": a search field. */
export const AdtSearchFieldSchema = z.object({
  name: z.string(),
  /** The display type of its input (date, string …). */
  type: z.enum(ADT_DISPLAY_TYPES),
  value: z.string().nullable(),
  hl7Identifier: Hl7IdentifierSchema,
  source: AdtSourceSchema,
});
/** One search a facility offers (Patient search, Visit search …). */
export const AdtAvailableSearchSchema = z.object({
  name: z.string(),
  identifier: z.string(),
  searchField: z.array(AdtSearchFieldSchema),
});
/** The searches a facility offers; null in the job's ADT when it offers none (Search disabled). */
export const AdtSearchConfigurationSchema = z.object({ availableSearch: z.array(AdtAvailableSearchSchema) });
export type AdtSearchConfiguration = z.infer<typeof AdtSearchConfigurationSchema>;

/** Answer of getadtdata (and of Accept ADT): the job's ADT, orders and what the panels need. */
export const JobAdtSchema = z.object({
  jobId: z.number().int(),
  patientId: z.number().int().nullable(),
  visitId: z.number().int().nullable(),
  /** Mandatory first, then additional; each sorted by ordinal with ordinal 0 last. */
  outputAdtData: z.array(AdtItemSchema),
  hl7Physician: z.array(PhysicianAdtItemSchema),
  orderData: z.array(OrderSchema),
  /** Null when the facility has no orders configured (the Orders panel is hidden). */
  orderTemplate: OrderTemplateSchema.nullable(),
  orderSummary: z.array(OrderSummaryEntrySchema),
  adtSearchConfiguration: AdtSearchConfigurationSchema.nullable(),
});
export type JobAdt = z.infer<typeof JobAdtSchema>;

/** One ADT value as a request sends it. */
export const InputAdtItemSchema = z.object({
  hl7Identifier: Hl7IdentifierSchema,
  value: plainText('value')
    .max(ADT_LIMITS.maxValueLength, `An ADT value may hold at most ${ADT_LIMITS.maxValueLength} characters`)
    .nullable(),
});
export type InputAdtItem = z.infer<typeof InputAdtItemSchema>;
/** The ADT values of a request. */
export const InputAdtDataSchema = z
  .array(InputAdtItemSchema)
  .max(ADT_LIMITS.maxItems, `At most ${ADT_LIMITS.maxItems} ADT values`);

/** A physician-type item as a request sends it: the physician by id, or none. */
export const InputPhysicianItemSchema = z.object({
  hl7IdentifierBase: Hl7IdentifierBaseSchema,
  physicianId: bodyId('physicianId').nullable(),
});
export const InputPhysicianItemsSchema = z
  .array(InputPhysicianItemSchema)
  .max(ADT_LIMITS.maxPhysicianItems, `At most ${ADT_LIMITS.maxPhysicianItems} physician items`);

/** An order as a request sends it; `instanceId` null for a new one. */
export const InputOrderSchema = z.object({
  instanceId: plainText('instanceId', { max: 40 }).nullable(),
  orderId: bodyId('orderId').nullable().default(null),
  outputAdtData: InputAdtDataSchema,
  hl7Physician: InputPhysicianItemsSchema.default([]),
});
export type InputOrder = z.infer<typeof InputOrderSchema>;
export const InputOrdersSchema = z
  .array(InputOrderSchema)
  .max(ADT_LIMITS.maxOrders, `At most ${ADT_LIMITS.maxOrders} orders`);

/**
 * The ADT part of the job data a save, setjobdata, RefreshJobData and the hold-queue check send
 * (spec 02 §7 "Save payload fields": inputAdtData, orderData, hl7Physician). Absent: that part
 * stays as stored.
 */
export const JobDataAdtFieldsSchema = z.object({
  inputAdtData: InputAdtDataSchema.optional(),
  orderData: InputOrdersSchema.optional(),
  hl7Physician: InputPhysicianItemsSchema.optional(),
});

/** Body of searchadt: the job's facility, the search chosen and its non-empty fields. */
export const AdtSearchRequestSchema = z.object({
  /** The client facility whose structure's patients are searched (the job's). */
  companyId: bodyId('companyId'),
  jobId: bodyId('jobId'),
  identifier: plainText('identifier', { max: 40 }).min(1, 'identifier is required'),
  inputAdtData: z
    .array(InputAdtItemSchema)
    .min(1, 'Enter at least one search value')
    .max(ADT_LIMITS.maxSearchFields, `At most ${ADT_LIMITS.maxSearchFields} search values`),
});
export type AdtSearchRequest = z.infer<typeof AdtSearchRequestSchema>;

/** A column of the search result tables. */
export const AdtMatchFieldSchema = z.object({
  name: z.string(),
  type: z.enum(ADT_DISPLAY_TYPES),
  /** Which part of the patient's identity the column holds (issue 39: compared with the document's patient). */
  identity: z.enum(['lastName', 'firstName', 'middleName', 'mrn', 'birthDate', 'sex']).optional(),
});
/** A cell of the search result tables: the stored text and its reading. */
export const AdtSearchValueSchema = z.object({
  raw: z.string().nullable(),
  parsed: z.union([z.string(), z.number(), z.boolean()]).nullable(),
});
export const AdtSearchOrderSchema = z.object({
  instanceId: z.number().int(),
  value: z.array(AdtSearchValueSchema),
});
export const AdtSearchVisitSchema = z.object({
  instanceId: z.number().int(),
  value: z.array(AdtSearchValueSchema),
  order: z.array(AdtSearchOrderSchema),
});
export const AdtSearchPatientSchema = z.object({
  instanceId: z.number().int(),
  value: z.array(AdtSearchValueSchema),
  visit: z.array(AdtSearchVisitSchema),
});
/** Answer of searchadt: the table columns, and the patients with their visits and orders. */
export const AdtSearchResultSchema = z.object({
  patientMatchField: z.array(AdtMatchFieldSchema),
  visitMatchField: z.array(AdtMatchFieldSchema),
  orderMatchField: z.array(AdtMatchFieldSchema),
  patient: z.array(AdtSearchPatientSchema),
  /** More patients matched than the answer holds (ADT_LIMITS.maxSearchPatients). */
  truncated: z.boolean(),
});
export type AdtSearchResult = z.infer<typeof AdtSearchResultSchema>;

/**
 * Body of Accept ADT: the job and the chosen patient, visit and orders of a search. Accept writes
 * the job, so it presents the live booking cookie like every write (docs/decisions.md "Accept ADT").
 */
export const AcceptAdtRequestSchema = z.object({
  jobId: bodyId('jobId'),
  companyId: bodyId('companyId'),
  bookingCookie: BookingCookieSchema,
  adtSearchResult: z
    .object({
      patientId: bodyId('patientId'),
      visitId: bodyId('visitId').nullable().default(null),
      orderId: z.array(bodyId('orderId')).max(ADT_LIMITS.maxOrders).default([]),
    })
    .refine((r) => r.orderId.length === 0 || r.visitId !== null, {
      message: 'Orders are accepted with their visit: choose the visit too',
      path: ['visitId'],
    }),
});
export type AcceptAdtRequest = z.infer<typeof AcceptAdtRequestSchema>;
