import {
  BulkDownloadQuerySchema,
  DownloadFileParamsSchema,
  FormatMultipleParamsSchema,
  FormatMultipleQuerySchema,
  ImportDocumentParamsSchema,
  ImportDocumentResultSchema,
  JobIdsQuerySchema,
} from '../documents/documents.js';
import { endpoint } from '../endpoint.js';

const tags = ['documents'];
const documentTypes = ['application/pdf', 'application/rtf'];
/** One job's document: rendered, or the stored CDA (issue 25). */
const savedTypes = [...documentTypes, 'application/xml'];

/** Document files and document intake (spec 01 §7). */
export const DOCUMENTS = {
  /**
   * Spec 01 §7 "Documents and audio": one job's document as `{jobId}.pdf` (the print preview) or
   * `{jobId}.rtf`; `{jobId}.xml` is the stored CDA, byte for byte (issue 25).
   */
  download: endpoint({
    method: 'GET',
    path: '/api/file/download/{file}',
    tags,
    params: DownloadFileParamsSchema,
    produces: savedTypes,
  }),
  /**
   * The same call as {@link DOCUMENTS.download}, as spec 01 §7 writes it for "one job as pdf or
   * rtf" (`Download`, capital D). Paths match case-insensitively, so the server serves both with the
   * route of `download` and registers none for this one; the web calls it by the spec's spelling.
   */
  downloadAs: endpoint({
    method: 'GET',
    path: '/api/file/Download/{file}',
    tags,
    params: DownloadFileParamsSchema,
    produces: savedTypes,
    spellingOf: '/api/file/download/{file}',
  }),
  /** Spec 01 §7 "Documents and audio": several jobs' RTFs in one file. */
  downloadRtf: endpoint({
    method: 'GET',
    path: '/api/file/downloadrtf',
    tags,
    query: JobIdsQuerySchema,
    produces: documentTypes,
  }),
  /** Spec 01 §7 "Documents and audio": the chosen copies of several jobs in one PDF or RTF. */
  formatMultiple: endpoint({
    method: 'GET',
    path: '/api/file/FormatMultiplePdfJobs/{copiesOption}/{duplex}/{coverSheet}',
    tags,
    params: FormatMultipleParamsSchema,
    query: FormatMultipleQuerySchema,
    produces: documentTypes,
  }),
  /** Spec 01 §7 "Documents and audio": several jobs' documents as Jobs.zip. */
  bulkDownload: endpoint({
    method: 'GET',
    path: '/api/file/BulkDownload',
    tags,
    query: BulkDownloadQuerySchema,
    produces: ['application/zip'],
  }),
  /** Document intake: a CDA or DOCX file from a transcription engine becomes the job's new version. */
  importDocument: endpoint({
    method: 'POST',
    path: '/api/job/importDocument/{jobId}',
    tags,
    params: ImportDocumentParamsSchema,
    consumes: 'multipart/form-data',
    status: 201,
    answer: ImportDocumentResultSchema,
  }),
};
