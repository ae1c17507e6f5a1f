import { JOB_LIST } from '@quill/core/contract/endpoints/jobList';
import type { CorporateStructure, JobCounts, JobDetails, JobListRow } from '@quill/core/contract/jobList';
import type { QueueName } from '@quill/core/rules/settings/constants';
import { facilityBatches, sumJobCounts } from '@quill/core/rules/jobList/jobListBatches';
import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import type { JobListScreen } from '@quill/core/rules/jobList/jobListScreen';
import { queueListCall } from '@quill/core/rules/jobList/jobListQueueCall';
import { ApiRequestError, callApi, urlFor } from '../../../lib/api';
import { receiveRowBatch } from './rowBatchRequest';

/** Spec 01 §7: many calls have a 60 s timeout. */
const TIMEOUT_MS = 60_000;

/** Row batches in flight at once: enough to overlap the server's work with the transfer of answers. */
export const ROW_BATCHES_IN_FLIGHT = 3;


/** Spec 01 §7 "Jobs and list": the corporate structures of the signed-in account. */
export function fetchCorporateStructures(signal?: AbortSignal): Promise<CorporateStructure[]> {
  return callApi(JOB_LIST.corporateStructures, {}, { timeoutMs: TIMEOUT_MS, signal });
}

/** Spec 01 §7 "Jobs and list": the client facility ids of a corporate structure. */
export function fetchClientFacilities(csId: string, signal?: AbortSignal): Promise<number[]> {
  return callApi(JOB_LIST.clientFacilities, { params: { csId } }, { timeoutMs: TIMEOUT_MS, signal });
}

export interface BatchedRequest {
  csId: string;
  facilities: readonly number[];
  batchSize: number;
  signal?: AbortSignal;
}

/**
 * Spec 01 §7: getcounts per batch of client facilities (jobListCountBatchSize), summed. The batches
 * are asked for one after the other: each answers in a few milliseconds, and asked for all at
 * once they held the server's database connections and CPU while the list's row batches, which
 * load beside the tickers, waited (measured: the ten row batches took 60–150 ms longer).
 */
export async function fetchJobCounts({
  csId,
  facilities,
  batchSize,
  signal,
}: BatchedRequest): Promise<JobCounts> {
  const parts: JobCounts[] = [];
  for (const batch of facilityBatches(facilities, batchSize)) {
    parts.push(
      await callApi(
        JOB_LIST.counts,
        { query: { corpId: csId, cfs: batch.join(',') } },
        { timeoutMs: TIMEOUT_MS, signal },
      ),
    );
  }
  return sumJobCounts(parts);
}

/**
 * Spec 01 §7: a queue's rows, fetched per batch of client facilities (jobListDataBatchSize), a few
 * batches at a time, and concatenated in batch order. Aborting `signal` cancels the requests in
 * flight and starts no more (the promise then fails with code `aborted`).
 */
export async function fetchJobRows({
  csId,
  facilities,
  batchSize,
  queue,
  signal,
}: BatchedRequest & { queue: QueueName }): Promise<JobListRow[]> {
  const call = queueListCall(queue);
  const batches = facilityBatches(facilities, batchSize);
  // Each batch decodes while the next requests are out: the server's work, the transfer and the
  // browser's decoding overlap.
  const decoded: Promise<JobListRow[]>[] = new Array(batches.length);
  let failed = false;
  let next = 0;
  const worker = async () => {
    while (next < batches.length && !failed) {
      if (signal?.aborted) throw new ApiRequestError(0, 'aborted', 'The job list request was cancelled');
      const n = next++;
      const decode = await receiveRowBatch({
        path: call.path,
        query: { ...call.query, corpId: csId, cfs: batches[n]!.join(',') },
        timeoutMs: TIMEOUT_MS,
        signal,
      });
      decoded[n] = decode();
      // Stop asking for more once one batch cannot be read (handled below, with the others).
      decoded[n].catch(() => {
        failed = true;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(ROW_BATCHES_IN_FLIGHT, batches.length) }, worker));
  const results = await Promise.all(decoded);
  // concat of many arrays at once is one allocation; push(...batch) would overflow the stack.
  return ([] as JobListRow[]).concat(...results);
}

/** Spec 01 §7 "Jobs and list": the expanded row's details (distribution errors). */
export function fetchJobDetails(jobId: number, signal?: AbortSignal): Promise<JobDetails> {
  return callApi(JOB_LIST.details, { query: { jobId } }, { timeoutMs: TIMEOUT_MS, signal });
}

/**
 * Spec 01 §7 "Jobs and list": the Excel export of the list as shown (issue 39), opened by
 * navigation — the visible columns in order, and the applied search, sort and grouping, which the
 * server applies with the same rules (core rules/jobList/jobListScreen).
 */
export function jobListExportUrl(
  csId: string,
  queue: QueueName,
  screen: Pick<JobListScreen, 'columns' | 'search' | 'sort' | 'group'>,
): string {
  const { columns, sort, group } = screen;
  const search = screen.search.trim();
  const url = urlFor(JOB_LIST.exportJobList, {
    params: { csId, queueName: queue },
    query: {
      ...(search ? { search } : {}),
      ...(sort ? { sort: sort.column, order: sort.ascending ? 'asc' : 'desc' } : {}),
      ...(group ? { group } : {}),
    },
  });
  if (!columns.length) return url;
  // The commas between the column names stay as typed (urlFor would encode them as %2C).
  return `${url}${url.includes('?') ? '&' : '?'}columns=${columns.map(encodeURIComponent).join(',')}`;
}

/** Spec 01 §2 "Legacy pages": the job id links to the legacy job details page, by path on its host. */
export function legacyJobDetailsUrl(fftmBaseUrl: string, jobId: number): string {
  return `${fftmBaseUrl.replace(/\/+$/, '')}/search/job/jobdetails.aspx?ID=${jobId}`;
}
