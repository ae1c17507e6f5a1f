import {
  CompactJobListHeaderSchema,
  CompactJobListRowSchema,
  type JobListRow,
  JobListRowSchema,
} from '@quill/core/contract/jobList';
import { decodeCompactJobList, decodeCompactJobListSteps } from '@quill/core/rules/jobListCompact';
import { ApiRequestError, api, type Parser } from '../../lib/api';
import { parseJsonArrayInPieces } from './jsonArrayPieces';
import { runInSlices } from './slices';

/**
 * The header with each of its dictionaries (names, flags and viewed marks by id) cut to its first
 * entry: a batch's dictionaries hold thousands of entries, built by one SQL statement, so one entry
 * shows a dictionary's shape, and checking them all again cost the browser ~6–20 ms a batch.
 */
function headerSample(header: unknown): unknown {
  if (header === null || typeof header !== 'object' || Array.isArray(header)) return header;
  const sample: Record<string, unknown> = { ...header };
  for (const [name, value] of Object.entries(sample)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const first: Record<string, unknown> = {};
    for (const key in value) {
      first[key] = (value as Record<string, unknown>)[key];
      break;
    }
    sample[name] = first;
  }
  return sample;
}

/**
 * A compact batch (contract JOB_LIST_FORMATS): its header (each dictionary by its first entry, see
 * {@link headerSample}) and first row are checked against the contract. Every row of a batch comes
 * from one SQL statement, so one row shows the batch's shape; checking all 100,000 rows again
 * would cost the browser more than the whole sort budget (ARCHITECTURE §7). The decoded rows'
 * first row is checked too.
 */
function checkCompact(items: unknown): unknown[] {
  if (!Array.isArray(items) || items.length === 0) throw new Error('not a compact batch');
  CompactJobListHeaderSchema.parse(headerSample(items[0]));
  if (items.length > 1) CompactJobListRowSchema.parse(items[1]);
  return items;
}

function checkRows(rows: JobListRow[]): JobListRow[] {
  if (rows.length > 0) JobListRowSchema.parse(rows[0]);
  return rows;
}

/** A compact batch decoded in one go (the error path's retry). */
export const RowBatch: Parser<JobListRow[]> = {
  parse: (data: unknown) => checkRows(decodeCompactJobList(checkCompact(data))),
};

export interface RowBatchRequest {
  path: string;
  query: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A batch whose answer has arrived; `decode` turns it into rows. */
export type ReceivedRowBatch = () => Promise<JobListRow[]>;

/**
 * GET one batch of list rows in the compact format. A batch of 10,000 rows is ~1 MB of JSON: it
 * is parsed in pieces and decoded in steps between which the browser can paint
 * (ARCHITECTURE §7). Answers as soon as the answer's headers have arrived — the server's work for
 * it is done — with the reading of the body and the decoding still to do, so that the caller's
 * next request goes out while this one is read and decoded. A failed answer is asked for again
 * through the app's API client, so that every error (401 session handling included) goes the one
 * way all calls' errors go.
 */
export async function receiveRowBatch({
  path,
  query,
  timeoutMs,
  signal,
}: RowBatchRequest): Promise<ReceivedRowBatch> {
  const compactQuery = { ...query, format: 'compact' };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const done = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  };
  const failed = (cause: unknown): ApiRequestError => {
    if (timedOut) return new ApiRequestError(0, 'timeout', `No answer from ${path} within ${timeoutMs} ms`);
    if (controller.signal.aborted)
      return new ApiRequestError(0, 'aborted', `Request to ${path} was cancelled`);
    return new ApiRequestError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  };
  let response: Response;
  try {
    response = await fetch(`${path}?${new URLSearchParams(compactQuery)}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
  } catch (cause) {
    done();
    throw failed(cause);
  }
  if (!response.ok) {
    void response.body?.cancel();
    done();
    const rows = await api.get(path, { query: compactQuery, schema: RowBatch, timeoutMs, signal });
    return () => Promise.resolve(rows);
  }
  return async () => {
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      done();
      throw failed(cause);
    }
    // Read in full: the timeout was for the answer, not for the decoding.
    clearTimeout(timer);
    try {
      const items = checkCompact(await runInSlices(parseJsonArrayInPieces<unknown>(text), controller.signal));
      return checkRows(await runInSlices(decodeCompactJobListSteps(items), controller.signal));
    } catch (cause) {
      if (controller.signal.aborted) throw failed(cause);
      throw new ApiRequestError(response.status, 'bad_response', `Unexpected answer from ${path}`);
    } finally {
      done();
    }
  };
}
