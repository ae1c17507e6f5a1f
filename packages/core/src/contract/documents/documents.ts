import { z } from 'zod';
import { message } from '../../i18n/format.js';
import { IDENTITY_PARTS } from '../../rules/jobEditor/patientIdentity.js';
import { LIMITS } from '../../rules/settings/constants.js';
import { DocumentPatientSchema, JobPatientIdentitySchema } from '../adt/patientIdentity.js';
import { bodyId, queryId, queryIdList, wholeNumber, wholeNumberText } from '../ids.js';
import { plainText } from './text.js';

/** Spec 01 §5: formats a document is rendered in (and viewed in: the list's green buttons). */
export const DOCUMENT_FORMATS = ['pdf', 'rtf'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

/**
 * Formats one job's document, or a Jobs.zip of several, can be saved in: rendered as PDF or RTF,
 * or the stored CDA itself, byte for byte (issue 25: the structured document for an EHR).
 */
export const SAVE_FORMATS = [...DOCUMENT_FORMATS, 'xml'] as const;
export type SaveFormat = (typeof SAVE_FORMATS)[number];

/** Spec 01 §5 copy types of FormatMultiplePdfJobs and `printed`. */
export const COPY_TYPES = { single: 0, singleAndRecipients: 1, recipientsOnly: 2, smart: 3 } as const;
export type CopyType = (typeof COPY_TYPES)[keyof typeof COPY_TYPES];

/** Largest CDA or DOCX file the document intake takes. */
export const MAX_DOCUMENT_IMPORT_BYTES = 20 * 1024 * 1024;

const jobId = queryId('jobId');

/**
 * `jobIds` as repeated `jobIds=1&jobIds=2` (spec 01 §7) or `1,2`; duplicates count once; at most
 * LIMITS.maxBulkJobs unique jobs per call.
 */
export const BulkJobIdsSchema = queryIdList('jobIds', 'Each job id')
  .transform((ids) => [...new Set(ids)])
  .refine((ids) => ids.length <= LIMITS.maxBulkJobs, `At most ${LIMITS.maxBulkJobs} jobs per call`);

const booleanParam = (name: string) =>
  plainText(name, { max: 10 })
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` }))
    .transform((s) => s === 'true' || s === '1');

/** A `format` parameter, in any letter case, one of `formats`. */
const formatParam = <const F extends readonly [string, ...string[]]>(formats: F, error: string) =>
  plainText('format', { max: 10 })
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(formats, { error }));

const documentFormat = formatParam(DOCUMENT_FORMATS, message('documents.badFormat'));
const saveFormat = formatParam(SAVE_FORMATS, message('documents.badSaveFormat'));

/** Params of one job's PDF (the print preview, ENDPOINTS.documents.download with `{jobId}.pdf`). */
export const DownloadPdfParamsSchema = z.object({ jobId });
/** Params of one job's document as pdf, rtf or xml (`{jobId}.{format}`). */
export const DownloadParamsSchema = z.object({ jobId, format: saveFormat });
/**
 * The one path segment of ENDPOINTS.documents.download and downloadAs, the spec's `download/{jobId}.pdf`
 * and `Download/{jobId}.{format}` (one route: paths match case-insensitively): `123.pdf` →
 * `{ jobId: 123, format: 'pdf' }`.
 */
export const DownloadFileParamsSchema = z.object({
  file: plainText('file', { max: 40 })
    .regex(/^[0-9]+\.[^.]+$/, message('documents.badFileName'))
    .transform((file): { jobId: unknown; format: string } => {
      const dot = file.indexOf('.');
      return { jobId: file.slice(0, dot), format: file.slice(dot + 1) };
    })
    .pipe(DownloadParamsSchema),
});
/** Query of ENDPOINTS.documents.downloadRtf: the jobs whose RTFs are wanted. */
export const JobIdsQuerySchema = z.object({ jobIds: BulkJobIdsSchema });
/** Query of ENDPOINTS.documents.bulkDownload (Jobs.zip): the jobs and the format of their files. */
export const BulkDownloadQuerySchema = z.object({ jobIds: BulkJobIdsSchema, format: saveFormat });
/** Params of ENDPOINTS.documents.formatMultiple: the copy type, duplex and cover sheet. */
export const FormatMultipleParamsSchema = z.object({
  copiesOption: wholeNumberText('copiesOption', {
    min: 0,
    max: 3,
    error: 'copiesOption must be 0, 1, 2 or 3',
  }),
  duplex: booleanParam('duplex'),
  coverSheet: booleanParam('coverSheet'),
});
/** Query of FormatMultiplePdfJobs: `format` (pdf default) picks the rendition, as spec 01 §7 says it serves both. */
export const FormatMultipleQuerySchema = z.object({
  jobIds: BulkJobIdsSchema,
  format: documentFormat.optional().default('pdf'),
});

const jobIdList = z
  .array(bodyId('jobId'))
  .min(1, 'Name at least one job')
  .max(1000, 'At most 1000 jobs per call')
  .transform((ids) => [...new Set(ids)]);

/** Body of ENDPOINTS.jobList.printed: the jobs and the copy type printed. */
export const PrintedBodySchema = z.object({
  jobIds: jobIdList,
  copiesType: wholeNumber('copiesType', { min: 0, max: 3, error: 'copiesType must be 0, 1, 2 or 3' }),
});
/** How many jobs were recorded as printed. */
export const PrintedResultSchema = z.object({ recorded: z.number().int() });

/** Body of ENDPOINTS.jobList.completeJobs: the list of job ids (spec 01 §7). */
export const CompleteJobsBodySchema = jobIdList;
/** What the clear call did: the jobs cleared, and each job left alone with the stage it is in. */
export const CompleteJobsResultSchema = z.object({
  cleared: z.array(z.number().int()),
  notCleared: z.array(z.object({ jobId: z.number().int(), stageName: z.string() })),
});
export type CompleteJobsResult = z.infer<typeof CompleteJobsResultSchema>;

/** Params of ENDPOINTS.documents.importDocument (the file comes in multipart field `file`). */
export const ImportDocumentParamsSchema = z.object({ jobId });
/**
 * Issue 40: the multipart field that confirms an import whose document names another patient than
 * the job's — the reason (one line, at most IDENTITY_REASON_MAX characters), kept in the audit trail.
 */
export const CONFIRM_PATIENT_FIELD = 'confirmPatientReason';
/**
 * How the document's patient compared with the job's (issue 40): `match` (every part both give is
 * the same), `none` (the document names no patient: not compared), `notCompared` (the job has no
 * patient data the document's could be compared with), `confirmed` (they differ; imported with a
 * reason, and the job carries the hold-queue flag DOCUMENT_PATIENT_FLAG_CODE).
 */
export const PATIENT_CHECKS = ['match', 'none', 'notCompared', 'confirmed'] as const;
export type PatientCheck = (typeof PATIENT_CHECKS)[number];
/** The document version the import made. */
export const ImportDocumentResultSchema = z.object({
  jobId: z.number().int(),
  version: z.number().int(),
  format: z.enum(['CDA', 'DOCX']),
  patientCheck: z.enum(PATIENT_CHECKS),
  /** The patient check in a sentence for the person who imported. */
  patientMessage: z.string(),
});
export type ImportDocumentResult = z.infer<typeof ImportDocumentResultSchema>;

/** The code of the 409 of an import whose document names another patient than the job's (issue 40). */
export const DOCUMENT_PATIENT_DIFFERS = 'document_patient_differs';
/**
 * `error.details` of that 409: the parts that differ, and — for a caller who may see patient data —
 * both values of each and the two patients side by side (null otherwise).
 */
export const DocumentPatientMismatchSchema = z.object({
  differences: z.array(
    z.object({
      part: z.enum(IDENTITY_PARTS),
      document: z.string().nullable(),
      job: z.string().nullable(),
    }),
  ),
  documentPatient: DocumentPatientSchema.nullable(),
  jobPatient: JobPatientIdentitySchema.nullable(),
});
export type DocumentPatientMismatch = z.infer<typeof DocumentPatientMismatchSchema>;
