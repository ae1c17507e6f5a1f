import { z } from 'zod';
import { QUEUE_NAMES } from '../rules/constants.js';

/** Most client facilities one list or count call may name (the client batches below it). */
export const MAX_FACILITIES_PER_CALL = 50;

/** Spec 01 §3 "Corporate structure". */
export const CorporateStructureSchema = z.object({ id: z.number().int(), companyNameId: z.string() });
export type CorporateStructure = z.infer<typeof CorporateStructureSchema>;

const positiveId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be a positive whole number`);

/** `cfs` as `1,2,3` or repeated `cfs=1&cfs=2`. */
const facilityIds = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number),
  )
  .pipe(
    z
      .array(
        z
          .number({ error: 'Each client facility id must be a whole number' })
          .int('Each client facility id must be a whole number')
          .positive('Each client facility id must be a positive whole number'),
      )
      .min(1, 'Name at least one client facility in cfs')
      .max(MAX_FACILITIES_PER_CALL, `At most ${MAX_FACILITIES_PER_CALL} client facilities per call`),
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
  patientMRN: z.string(),
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
});
export type JobListRow = z.infer<typeof JobListRowSchema>;

/** Spec 01 §3 "Job details for the list". */
export const JobDetailsSchema = z.object({
  jobId: z.number().int(),
  distributionErrors: z.array(z.object({ description: z.string(), createdDate: z.string() })),
});
export type JobDetails = z.infer<typeof JobDetailsSchema>;

/**
 * `format` of alljobs, him and dist: `rows` (the default) answers the spec's "Job list row"
 * objects; `compact` answers the same rows as a JSON array whose first element is a
 * {@link CompactJobListHeader} and whose other elements are {@link CompactJobListRow} tuples —
 * ids in place of repeated names, times as numbers. It is 4–5× smaller to build, send and parse,
 * which the list's 100,000-row budget needs (docs/decisions.md); `decodeCompactJobList` turns it
 * back into exactly the `rows` answer.
 */
export const JOB_LIST_FORMATS = ['rows', 'compact'] as const;
export type JobListFormat = (typeof JOB_LIST_FORMATS)[number];
const formatParam = z.enum(JOB_LIST_FORMATS, { error: 'format must be rows or compact' }).default('rows');
export const JobRowsQuerySchema = JobListQuerySchema.extend({ format: formatParam });
export const DistRowsQuerySchema = DistQuerySchema.extend({ format: formatParam });

/** The names and settings a compact batch's rows refer to, keyed by id (as JSON object keys). */
export const CompactJobListHeaderSchema = z.object({
  format: z.literal('compact-1'),
  /** The user's formats the `rows` answer would have used. */
  dateFormat: z.string(),
  timeFormat: z.string(),
  /** Dictator id → "Last, First" ('' when a part is missing). */
  dictators: z.record(z.string(), z.string()),
  /** Patient id → [name or null when withheld, MRN]. */
  patients: z.record(z.string(), z.tuple([z.string().nullable(), z.string()])),
  workTypes: z.record(z.string(), z.string()),
  departments: z.record(z.string(), z.string()),
  /** Location id → [name, code]. */
  locations: z.record(z.string(), z.tuple([z.string(), z.string()])),
  /** Client facility id → name (the clinic). */
  facilities: z.record(z.string(), z.string()),
  /** Job id → its hold-queue flags [code, description], for the jobs that have any. */
  flags: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
  /** Job id → {@link COMPACT_VIEWED_BITS} summed, for the jobs this account has opened as PDF or RTF. */
  viewed: z.record(z.string(), z.number().int().min(0).max(3)),
});
export type CompactJobListHeader = z.infer<typeof CompactJobListHeaderSchema>;

const id = z.number().int().nullable();
const ms = z.number().int().nullable();
const offset = z.number().int().nullable();

/** Bits of the last element of a compact row. */
export const COMPACT_ROW_BITS = { stat: 1, edited: 2, signed: 4, faxed: 8 } as const;
/** Bits of the header's `viewed` (per account). */
export const COMPACT_VIEWED_BITS = { pdf: 1, rtf: 2 } as const;

/**
 * One row: jobId, originalJobId, dictatorId, patientId, dictated (UTC ms, the facility's UTC
 * offset in minutes then), signed (UTC ms, offset minutes), dateOfService (YYYY-MM-DD),
 * workTypeId, departmentId, locationId, jobNote (null when empty), stageId, clientFacilityId,
 * and the flags of {@link COMPACT_ROW_BITS} summed. It is the same for every account (the
 * database keeps it with the job); hold-queue flags and what the account viewed are in the header.
 */
export const CompactJobListRowSchema = z.tuple([
  z.number().int(),
  id,
  id,
  id,
  ms,
  offset,
  ms,
  offset,
  z.string().nullable(),
  id,
  id,
  id,
  z.string().nullable(),
  z.number().int(),
  z.number().int(),
  z.number().int().min(0).max(15),
]);
export type CompactJobListRow = z.infer<typeof CompactJobListRowSchema>;
export const CompactJobListSchema = z
  .array(z.union([CompactJobListHeaderSchema, CompactJobListRowSchema]))
  .describe('format=compact: the header, then one tuple per row');
