import {
  type CompleteJobsResult,
  CompleteJobsResultSchema,
  type CopyType,
  type DocumentFormat,
} from '@quill/core/contract/documents';
import {
  ContactListSchema,
  DictatorsResultSchema,
  type FaxRecipient,
  type FaxResult,
  FaxResultSchema,
} from '@quill/core/contract/fax';
import { type ApiFile, api, apiFile } from '../../../lib/api';

/** Spec 01 §7: many calls have a 60 s timeout. */
const TIMEOUT_MS = 60_000;

/** `jobIds=1&jobIds=2`: the repeated form of spec 01 §7. */
function jobIdsQuery(jobIds: readonly number[]): string {
  return jobIds.map((id) => `jobIds=${encodeURIComponent(id)}`).join('&');
}

/** Spec 01 §7 "Documents and audio" and "Jobs and list": the bulk actions' paths. */
export const BULK_PATHS = {
  /** Print preview of one job (new tab). */
  printPreview: (jobId: number) => `/api/file/download/${jobId}.pdf`,
  /** One job as pdf or rtf. */
  download: (jobId: number, format: DocumentFormat) => `/api/file/Download/${jobId}.${format}`,
  /** Several RTFs (new tab). */
  downloadRtf: (jobIds: readonly number[]) => `/api/file/downloadrtf?${jobIdsQuery(jobIds)}`,
  /** The copies of several jobs in one document. */
  formatMultiple: (
    jobIds: readonly number[],
    copyType: CopyType,
    duplex: boolean,
    coverSheet: boolean,
    format: DocumentFormat = 'pdf',
  ) =>
    `/api/file/FormatMultiplePdfJobs/${copyType}/${duplex}/${coverSheet}?${jobIdsQuery(jobIds)}${
      format === 'pdf' ? '' : `&format=${format}`
    }`,
  /** Jobs.zip */
  bulkDownload: (jobIds: readonly number[], format: DocumentFormat) =>
    `/api/file/BulkDownload?${jobIdsQuery(jobIds)}&format=${format}`,
  printed: '/api/jobs/printed',
  completeJobs: '/api/jobs/completejobs',
  contacts: '/api/jobs/getContactListForJob',
  dictators: '/api/jobs/Dictators',
  fax: '/api/jobs/Fax',
} as const;

/**
 * The document the viewer shows for the checked jobs: one job's own PDF, or the single copy of
 * each (copy type 0) in one PDF.
 */
export function viewerPath(jobIds: readonly number[]): string {
  const [only] = jobIds;
  return jobIds.length === 1 && only !== undefined
    ? BULK_PATHS.download(only, 'pdf')
    : BULK_PATHS.formatMultiple(jobIds, 0, false, false);
}

/** What "View as RTF" opens in a new tab: one job's RTF, or several through downloadrtf. */
export function rtfPath(jobIds: readonly number[]): string {
  const [only] = jobIds;
  return jobIds.length === 1 && only !== undefined
    ? BULK_PATHS.download(only, 'rtf')
    : BULK_PATHS.downloadRtf(jobIds);
}

/** GETs a document or zip by its full path (query included). */
export function fetchFile(path: string, signal?: AbortSignal): Promise<ApiFile> {
  return apiFile(path, { signal });
}

/** Save (spec 01 §4): one job as its own file, several as Jobs.zip. */
export function savePath(jobIds: readonly number[], format: DocumentFormat): string {
  const [only] = jobIds;
  return jobIds.length === 1 && only !== undefined
    ? BULK_PATHS.download(only, format)
    : BULK_PATHS.bulkDownload(jobIds, format);
}

/** POST /api/jobs/printed */
export function markJobsPrinted(jobIds: readonly number[], copiesType: CopyType): Promise<unknown> {
  return api.post(BULK_PATHS.printed, { jobIds, copiesType }, { timeoutMs: TIMEOUT_MS });
}

/** POST /api/jobs/completejobs: clears the Finished ones of the jobs from the manual list. */
export function completeJobs(jobIds: readonly number[]): Promise<CompleteJobsResult> {
  return api.post(BULK_PATHS.completeJobs, jobIds, {
    schema: CompleteJobsResultSchema,
    timeoutMs: TIMEOUT_MS,
  });
}

/** GET /api/jobs/getContactListForJob?jobId */
export function fetchContacts(jobId: number, signal?: AbortSignal): Promise<FaxRecipient[]> {
  return api.get(BULK_PATHS.contacts, {
    query: { jobId },
    schema: ContactListSchema,
    timeoutMs: TIMEOUT_MS,
    signal,
  });
}

/** GET /api/jobs/Dictators?q&csid: the recipient search. */
export function searchRecipients(q: string, csid: string, signal?: AbortSignal): Promise<FaxRecipient[]> {
  return api.get(BULK_PATHS.dictators, {
    query: { q, csid },
    schema: DictatorsResultSchema,
    timeoutMs: TIMEOUT_MS,
    signal,
  });
}

/**
 * POST /api/jobs/Fax. `confirmOutsideContacts` when the user confirmed sending jobs to recipients
 * outside their own contacts (sent only then).
 */
export function faxJobs(
  jobIds: readonly number[],
  recipients: readonly FaxRecipient[],
  confirmOutsideContacts = false,
): Promise<FaxResult> {
  const body = confirmOutsideContacts
    ? { jobIds, recipients, confirmOutsideContacts }
    : { jobIds, recipients };
  return api.post(BULK_PATHS.fax, body, { schema: FaxResultSchema, timeoutMs: TIMEOUT_MS });
}
