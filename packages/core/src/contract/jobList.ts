import { z } from 'zod';
import { message } from '../i18n/format.js';
import { isJobListColumn } from '../rules/jobList/jobListColumns.js';
import {
  BINARY_MISSING_DAY,
  BINARY_MISSING_ID,
  BINARY_MISSING_MINUTES,
  JOB_LIST_ROW_LAYOUT,
  listRowBits,
  listRowFormat,
  listRowOffsets,
} from '../rules/jobList/jobListRowLayout.js';
import { LIMITS, QUEUE_NAMES } from '../rules/settings/constants.js';
import { plainText } from './documents/text.js';
import { queryId, queryIdList } from './ids.js';

/** Most client facilities one list or count call may name (the client batches below it). */
export const MAX_FACILITIES_PER_CALL = 50;

/** Spec 01 §3 "Corporate structure". */
export const CorporateStructureSchema = z.object({ id: z.number().int(), companyNameId: z.string() });
export type CorporateStructure = z.infer<typeof CorporateStructureSchema>;
/** The account's corporate structures (getusercs). */
export const CorporateStructuresSchema = z.array(CorporateStructureSchema);
/** The client facility ids of a corporate structure (settings/cfs). */
export const ClientFacilityIdsSchema = z.array(z.number().int());

const positiveId = (name: string) => queryId(name);

/** `cfs` as `1,2,3` or repeated `cfs=1&cfs=2`. */
const facilityIds = queryIdList('cfs', 'Each client facility id').refine(
  (ids) => ids.length <= MAX_FACILITIES_PER_CALL,
  `At most ${MAX_FACILITIES_PER_CALL} client facilities per call`,
);

/** Query of getcounts, alljobs, him and dist (spec 01 §7 "Jobs and list"). */
export const JobListQuerySchema = z.object({ corpId: positiveId('corpId'), cfs: facilityIds });
export type JobListQuery = z.infer<typeof JobListQuerySchema>;

export const DIST_STATUSES = ['PENDING', 'FAILED'] as const;
export const DistQuerySchema = JobListQuerySchema.extend({
  status: z.enum(DIST_STATUSES, { error: 'status must be PENDING or FAILED' }),
});

export const CsIdParamsSchema = z.object({ csId: positiveId('csId') });
export const JobIdQuerySchema = z.object({ jobId: positiveId('jobId') });
export const ExportParamsSchema = z.object({
  csId: positiveId('csId'),
  queueName: z.enum(QUEUE_NAMES, { error: `queueName must be one of ${QUEUE_NAMES.join(', ')}` }),
});
/** A job-list column named in an export query (`field`), refused with a message naming it. */
const exportColumn = (field: string) =>
  z
    .string({ error: message('input.text', { field }) })
    .refine(isJobListColumn, message('jobList.exportQuery.unknownColumn', { field }));

/**
 * Query of the Excel export: what the list shows (issue 39, spec 01 §5, §9) — the columns to write,
 * comma-separated, in order (the defaults when left out), the applied search (read in those
 * columns), the sort column with `order` asc or desc, and the grouping column. The file then holds
 * exactly the rows on screen, in screen order (rules/jobList/jobListScreen).
 */
export const ExportQuerySchema = z.object({
  columns: plainText('columns', { max: 2000 })
    .optional()
    .transform((v) => (v ? v.split(',').map((c) => c.trim()) : undefined))
    .refine(
      (cols) => !cols || cols.every(isJobListColumn),
      message('jobList.exportQuery.unknownColumn', { field: 'columns' }),
    ),
  search: plainText('search', { max: LIMITS.jobListSearchMax }).optional(),
  sort: exportColumn('sort').optional(),
  order: z.enum(['asc', 'desc'], { error: message('jobList.exportQuery.order') }).optional(),
  group: exportColumn('group').optional(),
});
export type ExportQuery = z.input<typeof ExportQuerySchema>;
export type ExportQueryValues = z.output<typeof ExportQuerySchema>;

/** Spec 01 §3 "Job counts". */
export const JobCountsSchema = z.object({
  pending: z.number().int(),
  hq: z.number().int(),
  failed: z.number().int(),
  all: z.number().int(),
});
export type JobCounts = z.infer<typeof JobCountsSchema>;

export const JobFlagSchema = z.object({ code: z.string(), description: z.string() });

/** Spec 01 §3 "Job list row". Dates are ISO strings; formatted ones use the user's formats. */
export const JobListRowSchema = z.object({
  jobId: z.number().int(),
  originalJobId: z.number().int().nullable(),
  stat: z.boolean(),
  statBool: z.boolean(),
  filterJobId: z.string(),
  dictatorName: z.string(),
  /** Withheld (null) unless the account has adtView, adtEdit or jobEditAdt. */
  patientName: z.string().nullable(),
  /** The MRN (Subject ID): withheld (null) like the name (issue 41); null too when the job has none. */
  patientMRN: z.string().nullable(),
  dictatedDate: z.string().nullable(),
  signedDate: z.string().nullable(),
  dateOfService: z.string().nullable(),
  formattedDictatedDate: z.string(),
  formattedSignedDate: z.string(),
  formattedDateOfService: z.string(),
  workType: z.string(),
  department: z.string(),
  location: z.string(),
  jobNote: z.string(),
  jobNoteBool: z.boolean(),
  stageName: z.string(),
  stageId: z.number().int(),
  clinic: z.string(),
  /** The client facility of the job (the clinic's id): bulk faxing needs one facility (spec 01 §5). */
  clientFacilityId: z.number().int(),
  jobLocation: z.string(),
  flags: z.array(JobFlagSchema),
  pdfViewed: z.boolean(),
  rtfViewed: z.boolean(),
  edited: z.boolean(),
  signed: z.boolean(),
  faxed: z.boolean(),
  /**
   * Turnaround (issue 27, docs/domain.md "Turnaround time"): whole minutes from dictation to the
   * job's first text and to its finished text; null until both times are known.
   */
  tatFirstTextMinutes: z.number().int().nullable(),
  tatFinishedMinutes: z.number().int().nullable(),
  /** The client facility's STAT target turnaround, dictation to finished, in minutes. */
  statTargetMinutes: z.number().int(),
});
export type JobListRow = z.infer<typeof JobListRowSchema>;

/**
 * One fax that carried the job: its recipient as faxed, whether that recipient was one of this
 * job's own contacts (false when the sender confirmed a recipient outside them), and its status
 * (queued, sending, sent, failed).
 */
export const JobFaxSchema = z.object({
  recipientName: z.string(),
  faxNumber: z.string(),
  recipientType: z.string(),
  contactOfJob: z.boolean(),
  status: z.string(),
  createdDate: z.string(),
  sentDate: z.string().nullable(),
});
export type JobFax = z.infer<typeof JobFaxSchema>;

/** Spec 01 §3 "Job details for the list". */
export const JobDetailsSchema = z.object({
  jobId: z.number().int(),
  distributionErrors: z.array(z.object({ description: z.string(), createdDate: z.string() })),
  /** The client facility's IANA time zone: the errors' dates are shown in it (rules/time/jobTime). */
  timeZone: z.string(),
  /** The faxes that carried this job, oldest first: who each went to (docs/decisions.md "Faxing"). */
  faxes: z.array(JobFaxSchema).optional(),
});
export type JobDetails = z.infer<typeof JobDetailsSchema>;

/**
 * `format` of alljobs, him and dist: `rows` (the default) answers the spec's "Job list row"
 * objects as JSON; `binary` answers the same rows as bytes (application/octet-stream): a 32-bit
 * big-endian length, that many bytes of JSON text — the {@link BinaryJobListHeader} with the names,
 * notes and flags the rows refer to, in ASCII — and then one {@link BINARY_ROW}-sized record per
 * row, in job id order. Nothing in it is text to decode or JSON to parse per row, so a browser
 * holds 100,000 rows without building them, which the list's load budget needs
 * (docs/decisions.md); `decodeBinaryJobList` reads it as exactly the `rows` answer.
 */
export const JOB_LIST_FORMATS = ['rows', 'binary'] as const;
export type JobListFormat = (typeof JOB_LIST_FORMATS)[number];
const formatParam = z.enum(JOB_LIST_FORMATS, { error: 'format must be rows or binary' }).default('rows');
export const JobRowsQuerySchema = JobListQuerySchema.extend({ format: formatParam });
export const DistRowsQuerySchema = DistQuerySchema.extend({ format: formatParam });
/** The `rows` answer of alljobs, him and dist (the binary one is described by {@link JOB_LIST_FORMATS}). */
export const JobListRowsSchema = z
  .array(JobListRowSchema)
  .describe(
    'format=rows (the default). format=binary answers application/octet-stream: see contract JOB_LIST_FORMATS',
  );

/** The header's `format` of today's record: `binary-` and the version of JOB_LIST_ROW_LAYOUT. */
export const JOB_LIST_ROW_FORMAT = listRowFormat(JOB_LIST_ROW_LAYOUT);

/** The names, notes and settings a binary batch's rows refer to, keyed by id (as JSON object keys). */
export const BinaryJobListHeaderSchema = z.object({
  /**
   * binary-2: the 76-byte record of {@link BINARY_ROW} (binary-1 had 68 bytes, without turnaround);
   * the version of `JOB_LIST_ROW_LAYOUT`.
   */
  format: z.literal(JOB_LIST_ROW_FORMAT),
  /** Rows (records) after the header. */
  count: z.number().int().min(0),
  /** The user's formats the `rows` answer would have used. */
  dateFormat: z.string(),
  timeFormat: z.string(),
  /** Dictator id → "Last, First" ('' when a part is missing). */
  dictators: z.record(z.string(), z.string()),
  /** Patient id → [name, MRN], each null when withheld (issue 41: the MRN goes with the name). */
  patients: z.record(z.string(), z.tuple([z.string().nullable(), z.string().nullable()])),
  /**
   * Job id → [name, MRN], each null when withheld or missing, for the jobs whose own ADT values name
   * their patient otherwise than the linked record (issue 39): what the row shows instead of `patients`.
   */
  jobPatients: z.record(z.string(), z.tuple([z.string().nullable(), z.string().nullable()])).optional(),
  workTypes: z.record(z.string(), z.string()),
  departments: z.record(z.string(), z.string()),
  /** Location id → [name, code]. */
  locations: z.record(z.string(), z.tuple([z.string(), z.string()])),
  /** Client facility id → name (the clinic). */
  facilities: z.record(z.string(), z.string()),
  /** Client facility id → its STAT target turnaround in minutes (the row's `statTargetMinutes`). */
  statTargets: z.record(z.string(), z.number().int()),
  /**
   * Client facility id → its IANA time zone: a time on a day its clocks change is shown with the
   * zone's abbreviation (issue 39, `isClockChangeDay`).
   */
  timeZones: z.record(z.string(), z.string()),
  /** Job id → its job note, for the jobs that have one. */
  notes: z.record(z.string(), z.string()),
  /** Job id → its hold-queue flags [code, description], for the jobs that have any. */
  flags: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
  /** Job id → {@link LIST_VIEWED_BITS} summed, for the jobs this account has opened as PDF or RTF. */
  viewed: z.record(z.string(), z.number().int().min(0).max(3)),
});
export type BinaryJobListHeader = z.infer<typeof BinaryJobListHeaderSchema>;

/** Bits of a binary row's `bits` (stat 1, edited 2, signed 4, faxed 8), from JOB_LIST_ROW_LAYOUT. */
export const LIST_ROW_BITS = listRowBits(JOB_LIST_ROW_LAYOUT);
/** Bits of the header's `viewed` (per account). */
export const LIST_VIEWED_BITS = { pdf: 1, rtf: 2 } as const;

/**
 * One row of a binary batch: where each field starts, big-endian as PostgreSQL's send functions
 * write them, and `size` in all — made from the fields of `JOB_LIST_ROW_LAYOUT`
 * (rules/jobList/jobListRowLayout), which says what each holds and how a missing value reads
 * ({@link BINARY_MISSING_ID}, {@link BINARY_MISSING_DAY}, {@link BINARY_MISSING_MINUTES}, NaN).
 * It is the same for every account (the database keeps it with the job, migrations 0008, 0026
 * and 0033); notes, hold-queue flags and what the account viewed are in the header.
 */
export const BINARY_ROW = listRowOffsets(JOB_LIST_ROW_LAYOUT);
export { BINARY_MISSING_DAY, BINARY_MISSING_ID, BINARY_MISSING_MINUTES };
