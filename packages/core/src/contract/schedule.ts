import { z } from 'zod';
import { plainText } from './documents/text.js';
import { bodyId, queryId, wholeNumber, wholeNumberText } from './ids.js';

/**
 * Schedule and patient-data upload with heading mapping (spec 02 §2 "Schedule Upload page", §3
 * "Heading mapping item", §4 "Schedule upload", §5, §7, §8). The spec leaves file-size, row and
 * heading limits "not shown": ours are below and documented in docs/decisions.md.
 */

/** Spec 02 §3: upload actions. */
export const UPLOAD_ACTIONS = { UPDATE: 0, DELETE: 1, VARIED: 2, NONE: 3 } as const;
export type UploadAction = (typeof UPLOAD_ACTIONS)[keyof typeof UPLOAD_ACTIONS];
export const UPLOAD_ACTION_VALUES = [0, 1, 2, 3] as const;

/** Spec 02 §3: form types. ADT posts to SubmitADTHeadings, SCHEDULE to SubmitScheduleHeadings. */
export const UPLOAD_FORM_TYPES = { ADT: 0, SCHEDULE: 1 } as const;
export type UploadFormType = (typeof UPLOAD_FORM_TYPES)[keyof typeof UPLOAD_FORM_TYPES];

/** Spec 02 §3: composite name formats, in the order the spec lists them (value, label). */
export const COMPOSITE_NAME_FORMATS = [
  { value: 2, label: 'FirstName MiddleName LastName' },
  { value: 0, label: 'LastName, FirstName MiddleName' },
  { value: 1, label: 'LastName FirstName MiddleName' },
] as const;
export const COMPOSITE_NAME_FORMAT_VALUES = [0, 1, 2] as const;

/**
 * Spec 02 §9: "Upload file types .csv and .xslx": the spec's misspelling of .xlsx, which the
 * screen writes correctly; a file named .xslx is still accepted.
 */
export const ACCEPTED_UPLOAD_EXTENSIONS = ['.csv', '.xlsx', '.xslx'] as const;

/** Our limits (spec: "not shown"). */
export const SCHEDULE_LIMITS = {
  maxUploadBytes: 10 * 1024 * 1024,
  maxHeadings: 100,
  maxRows: 50_000,
  /** Rows shown in the sample table of step 2. */
  sampleRows: 5,
  /** Spec 02 §9: company search dropdown max height 200; at most this many companies answered. */
  companySearchLimit: 50,
  /** Warnings listed in one answer; the rest are counted. */
  maxWarnings: 100,
  /** Cells in one row of the file, headed or not (issue 41: read on a document thread, stopped past it). */
  maxColumns: 200,
  /** Characters in one cell (issue 41): a longer cell is no schedule or patient value. */
  maxCellLength: 2_000,
  /** Characters of a cell an answer echoes (sample table, mapping sample, warnings); longer ones end in "…". */
  cellPreview: 100,
} as const;

/**
 * Segment types of a mapping definition. 0 is "not an HL7 segment": the Ignore choice and the
 * composite name field (spec 02 §4: choosing a segment-type-0 definition other than the composite
 * name marks the heading ignored). The database's adt_definitions.segment_type (0 PID, 1 PV1,
 * 2 ORC/OBR) is shifted by one when answered here. 4 is the message header: the row action of a
 * VARIED upload.
 */
export const MAPPING_SEGMENT_TYPES = { none: 0, patient: 1, visit: 2, order: 3, message: 4 } as const;

/** Spec 02 §3 ADT data types (xsdateTime 0 … xsboolean 6). */
export const ADT_DATA_TYPES = {
  dateTime: 0,
  date: 1,
  decimal: 2,
  ssn: 3,
  string: 4,
  time: 5,
  boolean: 6,
} as const;

/** Spec 02 §3 "Heading mapping item" adtDefinition. */
export const MappingDefinitionSchema = z.object({
  columnHeading: z.string().max(200),
  segmentName: z.string().max(10),
  segmentType: z.number().int().min(0).max(4),
  fieldIndex: z.number().int().min(0).max(999),
  componentIndex: z.number().int().min(0).max(99),
  isDateTime: z.boolean(),
  dataType: z.number().int().min(0).max(6),
});
export type MappingDefinition = z.infer<typeof MappingDefinitionSchema>;

/** The Ignore choice: segment type 0, not the composite name. */
export const IGNORE_DEFINITION: MappingDefinition = {
  columnHeading: 'Ignore',
  segmentName: '',
  segmentType: 0,
  fieldIndex: 0,
  componentIndex: 0,
  isDateTime: false,
  dataType: ADT_DATA_TYPES.string,
};

/** The composite name field: one heading holding the whole patient name (PID 5), split by format. */
export const COMPOSITE_NAME_DEFINITION: MappingDefinition = {
  columnHeading: 'Patient Name (composite)',
  segmentName: 'PID',
  segmentType: 0,
  fieldIndex: 5,
  componentIndex: 0,
  isDateTime: false,
  dataType: ADT_DATA_TYPES.string,
};

/**
 * The row action of a VARIED upload (MSH 9.2 trigger event): U, UPDATE or A08 updates the row,
 * D, DELETE or A23 deletes its visit, N or NONE skips it. Required when actionType is VARIED.
 */
export const ROW_ACTION_DEFINITION: MappingDefinition = {
  columnHeading: 'Row Action',
  segmentName: 'MSH',
  segmentType: 4,
  fieldIndex: 9,
  componentIndex: 2,
  isDateTime: false,
  dataType: ADT_DATA_TYPES.string,
};

/** Spec 02 §3 "Heading mapping item". */
export const HeadingMappingItemSchema = z.object({
  fileHeading: z.string().max(200),
  sample: z.string().max(1000),
  adtDefinition: MappingDefinitionSchema.nullable(),
  dateTimeFormat: z.string().max(40).nullable(),
  compositeColumnFormat: z
    .number()
    .int()
    .refine(
      (v) => (COMPOSITE_NAME_FORMAT_VALUES as readonly number[]).includes(v),
      'Unknown composite name format',
    )
    .nullable(),
  isIgnored: z.boolean(),
  isSubField: z.boolean(),
  /** A date heading's separate time heading, joined before parsing; null when none. */
  splitTimeHeading: z.string().max(200).nullable(),
});
export type HeadingMappingItem = z.infer<typeof HeadingMappingItemSchema>;

/**
 * Text a request echoes from the uploaded file (headings, sample cells): tab and line breaks are
 * kept as the file had them; NUL and the other control characters are refused.
 */
const fileText = (name: string, max: number) => plainText(name, { max, multiline: true });

/** The most characters a spreadsheet cell holds (Excel's limit): the bound of echoed sample cells. */
const SPREADSHEET_CELL_MAX = 32_767;

/** A mapping definition as a submit sends it back. */
const MappingDefinitionInputSchema = MappingDefinitionSchema.extend({
  columnHeading: fileText('columnHeading', 200),
  segmentName: plainText('segmentName', { max: 10 }),
  segmentType: wholeNumber('segmentType', { min: 0, max: 4 }),
  fieldIndex: wholeNumber('fieldIndex', { min: 0, max: 999 }),
  componentIndex: wholeNumber('componentIndex', { min: 0, max: 99 }),
  dataType: wholeNumber('dataType', { min: 0, max: 6 }),
});

/** A heading mapping item as a submit sends it. */
const HeadingMappingItemInputSchema = HeadingMappingItemSchema.extend({
  fileHeading: fileText('fileHeading', 200),
  sample: fileText('sample', 1000),
  adtDefinition: MappingDefinitionInputSchema.nullable(),
  dateTimeFormat: plainText('dateTimeFormat', { max: 40 }).nullable(),
  compositeColumnFormat: wholeNumber('compositeColumnFormat', {
    min: 0,
    max: 2,
    error: 'Unknown composite name format',
  }).nullable(),
  splitTimeHeading: fileText('splitTimeHeading', 200).nullable(),
});

/** The first rows of the file: headings and cell text. */
export const SampleDataTableSchema = z.object({
  headings: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
export type SampleDataTable = z.infer<typeof SampleDataTableSchema>;

/** POST /api/company/searchbynameorid/{text}: spec 02 §3 "Company". */
export const CompanySchema = z.object({ id: z.number().int(), name: z.string(), displayValue: z.string() });
export type Company = z.infer<typeof CompanySchema>;
/** The companies a search found, at most SCHEDULE_LIMITS.companySearchLimit. */
export const CompaniesSchema = z.array(CompanySchema);
export const CompanySearchParamsSchema = z.object({
  text: plainText('text')
    .trim()
    .min(1, 'Type part of a client facility name or id')
    .max(100, 'At most 100 characters'),
});

/**
 * POST /api/schedule/validateheadings: multipart fields companyId, mshActionType, formType
 * (default SCHEDULE) and the file. The file is kept; `revisedFileName` names it for the submit.
 */
export const ValidateHeadingsFieldsSchema = z.object({
  companyId: queryId('companyId'),
  mshActionType: wholeNumberText('mshActionType', {
    min: 0,
    max: 3,
    error: 'mshActionType must be 0, 1, 2 or 3',
  }),
  formType: wholeNumberText('formType', {
    min: 0,
    max: 1,
    error: 'formType must be 0 (ADT) or 1 (SCHEDULE)',
  }).default(UPLOAD_FORM_TYPES.SCHEDULE),
});
export const ValidateHeadingsResponseSchema = z.object({
  fileName: z.string(),
  revisedFileName: z.string(),
  totalRows: z.number().int(),
  mappingItems: z.array(HeadingMappingItemSchema),
  /** True when this facility's previous mapping prefilled the items. */
  mappingsExist: z.boolean(),
  sampleDataTable: SampleDataTableSchema,
  adtDefinitions: z.array(MappingDefinitionSchema),
  dateFormats: z.array(z.string()),
});
export type ValidateHeadingsResponse = z.infer<typeof ValidateHeadingsResponseSchema>;

/** POST /api/schedule/SubmitScheduleHeadings and /api/schedule/SubmitADTHeadings. */
export const SubmitHeadingsRequestSchema = z.object({
  companyId: bodyId('companyId'),
  companyName: plainText('companyName', { max: 200 }),
  fileName: plainText('fileName', { max: 255 }),
  revisedFileName: plainText('revisedFileName', { max: 100 }).min(1, 'revisedFileName is required'),
  mappingItems: z
    .array(HeadingMappingItemInputSchema)
    .min(1, 'The file has no headings')
    .max(SCHEDULE_LIMITS.maxHeadings),
  mappingsExist: z.boolean(),
  /** Values for definitions no heading supplies, by column heading. */
  defaultValues: z
    .record(fileText('defaultValues heading', 200), plainText('defaultValues value', { max: 1000 }))
    .default({}),
  actionType: wholeNumber('actionType', { min: 0, max: 3, error: 'actionType must be 0, 1, 2 or 3' }),
  /** Echoed from validateheadings; the server reads the stored file, not these. */
  sampleTableData: z
    .object({
      headings: z
        .array(fileText('sampleTableData heading', SPREADSHEET_CELL_MAX))
        .max(SCHEDULE_LIMITS.maxHeadings),
      rows: z
        .array(
          z.array(fileText('sampleTableData cell', SPREADSHEET_CELL_MAX)).max(SCHEDULE_LIMITS.maxHeadings),
        )
        .max(SCHEDULE_LIMITS.sampleRows * 4),
    })
    .optional(),
  adtDefinitions: z.array(MappingDefinitionInputSchema).max(1000).optional(),
  dateFormats: z
    .array(plainText('dateFormats', { max: 40 }))
    .max(100)
    .optional(),
});
export type SubmitHeadingsRequest = z.infer<typeof SubmitHeadingsRequestSchema>;
export const SubmitHeadingsResponseSchema = z.object({
  hasErrors: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
  /** The queued upload; null when hasErrors. */
  uploadId: z.number().int().nullable(),
});
export type SubmitHeadingsResponse = z.infer<typeof SubmitHeadingsResponseSchema>;

/** Processing states of an upload, as GET /api/schedule/status/{uploadId} answers them. */
export const UPLOAD_STATUSES = [
  'validated',
  'queued',
  'processing',
  // Issue 39: the changes are worked out and shown; nothing is applied until confirmed (or cancelled).
  'preview',
  'confirmed',
  'cancelled',
  'done',
  'failed',
] as const;
export const UploadStatusParamsSchema = z.object({ uploadId: queryId('uploadId') });
/** An upload's state and counts: what it would do once previewed (issue 39), what it did once done. */
const UploadCountsShape = {
  uploadId: z.number().int(),
  fileName: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  rowsTotal: z.number().int(),
  /** Patients and visits added, updated or deleted; rows skipped. */
  patientsAdded: z.number().int(),
  patientsUpdated: z.number().int(),
  visitsAdded: z.number().int(),
  visitsUpdated: z.number().int(),
  visitsDeleted: z.number().int(),
  rowsSkipped: z.number().int(),
  /** Issue 39: jobs the upload changes (or changed) and jobs it leaves alone because they are final. */
  jobsChanged: z.number().int(),
  jobsFinal: z.number().int(),
};
export const UploadStatusSchema = z.object({
  ...UploadCountsShape,
  warnings: z.array(z.string()),
  /** Why processing failed, in words; null otherwise. */
  error: z.string().nullable(),
  /** When a manager reverted the upload (ISO); null when not reverted. */
  revertedAt: z.string().nullable(),
});
export type UploadStatus = z.infer<typeof UploadStatusSchema>;

/** Issue 18: what an upload changed, kept with it so a manager can revert it. */
export const UPLOAD_CHANGE_ENTITIES = ['patient', 'visit', 'order', 'job'] as const;
export const UPLOAD_CHANGE_OPS = ['insert', 'update', 'delete'] as const;
export const UPLOAD_EFFECT_LIMITS = { listedChanges: 200, listedJobs: 100, recentUploads: 10 } as const;

export const UploadChangeSchema = z.object({
  entity: z.enum(UPLOAD_CHANGE_ENTITIES),
  op: z.enum(UPLOAD_CHANGE_OPS),
  /** The record in words: the patient's MRN, the visit or order number. */
  record: z.string(),
  /** The column ("lastName") or ADT key ("adt.PID.11.1") of an update; null otherwise. */
  field: z.string().nullable(),
  /** The field in words ("Birth date (PID 7.1)"); null when field is. */
  label: z.string().nullable(),
  previous: z.string().nullable(),
  next: z.string().nullable(),
});
export type UploadChange = z.infer<typeof UploadChangeSchema>;

/** Issue 39: one field of a job an upload changes: its ADT key, in words, before and after. */
export const UploadJobFieldSchema = z.object({
  field: z.string(),
  label: z.string(),
  previous: z.string().nullable(),
  next: z.string().nullable(),
});
export type UploadJobField = z.infer<typeof UploadJobFieldSchema>;

/** Issue 39: a job of a patient or visit an upload changes; a final job is listed, never changed. */
export const UploadJobSchema = z.object({
  jobId: z.number().int(),
  /** The job's stage as the list shows it. */
  stage: z.string(),
  /** Final for uploads (rules/schedule/uploadFinal): "not changed: final". */
  final: z.boolean(),
  /** The record it follows: "Patient 100234". */
  record: z.string(),
  changes: z.array(UploadJobFieldSchema),
});
export type UploadJob = z.infer<typeof UploadJobSchema>;

/**
 * Issue 39: GET /api/schedule/uploads/{uploadId}/preview — what a submitted upload would change,
 * worked out before anything is applied: the counts, the first changed fields of patients, visits
 * and orders, and the jobs it touches (final ones marked, never changed).
 */
export const UploadPreviewSchema = z.object({
  ...UploadCountsShape,
  changes: z.array(UploadChangeSchema),
  moreChanges: z.number().int(),
  jobs: z.array(UploadJobSchema),
  moreJobs: z.number().int(),
  /** The data changed between the first preview and the confirm: this is a new preview to check. */
  changedSincePreview: z.boolean(),
  /** The caller may confirm or cancel it now (its own upload, waiting for confirmation). */
  canConfirm: z.boolean(),
});
export type UploadPreview = z.infer<typeof UploadPreviewSchema>;

/** GET /api/schedule/uploads/{uploadId}/effect: counts and the first changes. */
export const UploadEffectSchema = z.object({
  uploadId: z.number().int(),
  fileName: z.string(),
  patients: z.number().int(),
  visits: z.number().int(),
  /** Jobs of the changed patients, visits and orders. */
  jobs: z.number().int(),
  jobIds: z.array(z.number().int()),
  /** Issue 39: jobs of those records left as they were because they were final. */
  finalJobs: z.number().int(),
  finalJobIds: z.array(z.number().int()),
  changes: z.array(UploadChangeSchema),
  /** Changes not listed (over UPLOAD_EFFECT_LIMITS.listedChanges). */
  moreChanges: z.number().int(),
  revertedAt: z.string().nullable(),
  /** The caller may revert it now: a manager with the upload permission, processed, not reverted. */
  canRevert: z.boolean(),
});
export type UploadEffect = z.infer<typeof UploadEffectSchema>;

/** GET /api/schedule/uploads: the latest submitted uploads of the account's corporate structures. */
export const RecentUploadSchema = z.object({
  uploadId: z.number().int(),
  fileName: z.string(),
  kind: z.enum(['SCHEDULE', 'ADT']),
  status: z.enum(UPLOAD_STATUSES),
  createdAt: z.string(),
  revertedAt: z.string().nullable(),
  canRevert: z.boolean(),
});
export type RecentUpload = z.infer<typeof RecentUploadSchema>;
/** The latest uploads, newest first (at most UPLOAD_EFFECT_LIMITS.recentUploads). */
export const RecentUploadsSchema = z.array(RecentUploadSchema);

/** POST /api/schedule/uploads/{uploadId}/revert: the previous values are back. */
export const RevertUploadResponseSchema = z.object({
  uploadId: z.number().int(),
  revertedAt: z.string(),
  /** Changes undone (fields restored, records removed or added back). */
  restored: z.number().int(),
});
export type RevertUploadResponse = z.infer<typeof RevertUploadResponseSchema>;
