import type {
  CompleteJobsResult,
  CopyType,
  DocumentFormat,
  SaveFormat,
} from '@quill/core/contract/documents/documents';
import { DOCUMENTS } from '@quill/core/contract/endpoints/documents';
import { FAX } from '@quill/core/contract/endpoints/fax';
import { JOB_LIST } from '@quill/core/contract/endpoints/jobList';
import type { FaxRecipient, FaxResult } from '@quill/core/contract/fax';
import { type ApiFile, apiFile, callApi, urlFor } from '../../../lib/api';

/** Spec 01 §7: many calls have a 60 s timeout. */
const TIMEOUT_MS = 60_000;

/** `jobIds` as repeated keys (`jobIds=1&jobIds=2`), the form of spec 01 §7. */
const jobIdsOf = (jobIds: readonly number[]) => jobIds.map(String);

/** Spec 01 §7 "Documents and audio": the addresses of the bulk actions' documents. */
export const BULK_URLS = {
  /** Print preview of one job (new tab). */
  printPreview: (jobId: number) => urlFor(DOCUMENTS.download, { params: { file: `${jobId}.pdf` } }),
  /** One job as pdf or rtf, or its stored CDA as xml. */
  download: (jobId: number, format: SaveFormat) =>
    urlFor(DOCUMENTS.downloadAs, { params: { file: `${jobId}.${format}` } }),
  /** Several RTFs (new tab). */
  downloadRtf: (jobIds: readonly number[]) =>
    urlFor(DOCUMENTS.downloadRtf, { query: { jobIds: jobIdsOf(jobIds) } }),
  /** The copies of several jobs in one document; `format` is sent only when it is not the default pdf. */
  formatMultiple: (
    jobIds: readonly number[],
    copyType: CopyType,
    duplex: boolean,
    coverSheet: boolean,
    format: DocumentFormat = 'pdf',
  ) =>
    urlFor(DOCUMENTS.formatMultiple, {
      params: { copiesOption: copyType, duplex: String(duplex), coverSheet: String(coverSheet) },
      query: { jobIds: jobIdsOf(jobIds), format: format === 'pdf' ? undefined : format },
    }),
  /** Jobs.zip */
  bulkDownload: (jobIds: readonly number[], format: SaveFormat) =>
    urlFor(DOCUMENTS.bulkDownload, { query: { jobIds: jobIdsOf(jobIds), format } }),
};

/**
 * The document the viewer shows for the checked jobs: one job's own PDF, or the single copy of
 * each (copy type 0) in one PDF.
 */
export function viewerPath(jobIds: readonly number[]): string {
  const [only] = jobIds;
  return jobIds.length === 1 && only !== undefined
    ? BULK_URLS.download(only, 'pdf')
    : BULK_URLS.formatMultiple(jobIds, 0, false, false);
}

/** What "View as RTF" opens in a new tab: one job's RTF, or several through downloadrtf. */
export function rtfPath(jobIds: readonly number[]): string {
  const [only] = jobIds;
  return jobIds.length === 1 && only !== undefined
    ? BULK_URLS.download(only, 'rtf')
    : BULK_URLS.downloadRtf(jobIds);
}

/** GETs a document or zip by its full address (query included), one of {@link BULK_URLS}. */
export function fetchFile(url: string, signal?: AbortSignal): Promise<ApiFile> {
  return apiFile(url, { signal });
}

/** Save (spec 01 §4): one job as its own file, several as Jobs.zip. */
export function savePath(jobIds: readonly number[], format: SaveFormat): string {
  const [only] = jobIds;
  return jobIds.length === 1 && only !== undefined
    ? BULK_URLS.download(only, format)
    : BULK_URLS.bulkDownload(jobIds, format);
}

/** Spec 01 §4 "Mark as printed": records that the jobs' copies were printed. */
export function markJobsPrinted(jobIds: readonly number[], copiesType: CopyType): Promise<unknown> {
  return callApi(JOB_LIST.printed, { body: { jobIds: [...jobIds], copiesType } }, { timeoutMs: TIMEOUT_MS });
}

/** Spec 01 §4 "Clear": clears the Finished ones of the jobs from the manual list. */
export function completeJobs(jobIds: readonly number[]): Promise<CompleteJobsResult> {
  return callApi(JOB_LIST.completeJobs, { body: [...jobIds] }, { timeoutMs: TIMEOUT_MS });
}

/** Spec 01 §6 Fax: a job's own recipients. */
export function fetchContacts(jobId: number, signal?: AbortSignal): Promise<FaxRecipient[]> {
  return callApi(FAX.contacts, { query: { jobId } }, { timeoutMs: TIMEOUT_MS, signal });
}

/** Spec 01 §6 Fax: the recipient search of a corporate structure. */
export function searchRecipients(q: string, csid: string, signal?: AbortSignal): Promise<FaxRecipient[]> {
  return callApi(FAX.searchRecipients, { query: { q, csid } }, { timeoutMs: TIMEOUT_MS, signal });
}

/**
 * Spec 01 §6 Fax: queues the fax. Each recipient carries the jobs chosen for it unless the jobs go
 * `together` (issue 39); `confirmOutsideContacts` when the user confirmed sending jobs to
 * recipients outside their own contacts. Each flag is sent only when set.
 */
export function faxRequest(
  jobIds: readonly number[],
  recipients: readonly (FaxRecipient & { jobIds?: number[] })[],
  options: { confirmOutsideContacts?: boolean; together?: boolean } = {},
) {
  return {
    jobIds: [...jobIds],
    recipients: [...recipients],
    ...(options.together ? { together: true } : {}),
    ...(options.confirmOutsideContacts ? { confirmOutsideContacts: true } : {}),
  };
}

/**
 * Sends a {@link faxRequest} with the key of this send (issue 41: a retry of the same request
 * carries the same key, and the server faxes it once).
 */
export function faxJobs(request: ReturnType<typeof faxRequest>, requestKey: string): Promise<FaxResult> {
  return callApi(FAX.fax, { body: { ...request, requestKey } }, { timeoutMs: TIMEOUT_MS });
}
