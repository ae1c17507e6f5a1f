import { urlOf } from '@quill/core/contract/endpoint';
import {
  type BinaryJobListHeader,
  BinaryJobListHeaderSchema,
  type JobListRow,
  JobListRowSchema,
} from '@quill/core/contract/jobList';
import { decodeBinaryJobListRows, splitBinaryJobList } from '@quill/core/rules/jobList/jobListBinary';
import { ApiRequestError, failedAnswer } from '../../../lib/api';

/**
 * The header with each of its dictionaries (names, notes, flags and viewed marks by id) cut to its
 * first entry: a batch's dictionaries hold thousands of entries, built by one SQL statement, so
 * one entry shows a dictionary's shape, and checking them all again cost the browser ~6–20 ms a
 * batch.
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
 * A binary batch (contract JOB_LIST_FORMATS): its header (each dictionary by its first entry, see
 * {@link headerSample}) is checked against the contract and its bytes against the header's count
 * of rows; the rows then read their fields from the bytes, and the first row is checked against
 * the contract too. Every row of a batch comes from one SQL statement, so one row shows the
 * batch's shape.
 */
function decodeBatch(bytes: ArrayBuffer): JobListRow[] {
  const { header, rows } = splitBinaryJobList(new Uint8Array(bytes));
  BinaryJobListHeaderSchema.parse(headerSample(header));
  const decoded = decodeBinaryJobListRows(header as BinaryJobListHeader, rows);
  if (decoded.length > 0) JobListRowSchema.parse(decoded[0]);
  return decoded;
}

export interface RowBatchRequest {
  /** The path of the queue's list endpoint (rules/jobList/jobListQueueCall). */
  path: string;
  query: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A batch whose answer has arrived; `decode` turns it into rows. */
export type ReceivedRowBatch = () => Promise<JobListRow[]>;

/**
 * GET one batch of list rows in the binary format: 10,000 rows are ~0.7 MB, read without decoding
 * text or parsing JSON per row (ARCHITECTURE §7). Answers as soon as the answer's headers have
 * arrived — the server's work for it is done — with the reading of the body still to do, so that
 * the caller's next request goes out while this one is read. A failed answer fails with the
 * server's code and message, as every API call does (401 session handling included).
 */
export async function receiveRowBatch({
  path,
  query,
  timeoutMs,
  signal,
}: RowBatchRequest): Promise<ReceivedRowBatch> {
  const binaryQuery = { ...query, format: 'binary' };
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
    response = await fetch(urlOf({ path }, null, binaryQuery), {
      credentials: 'same-origin',
      headers: { Accept: 'application/octet-stream, application/json' },
      signal: controller.signal,
    });
  } catch (cause) {
    done();
    throw failed(cause);
  }
  if (!response.ok) {
    const error = await failedAnswer(response, path).catch(failed);
    done();
    throw error;
  }
  return async () => {
    let bytes: ArrayBuffer;
    try {
      bytes = await response.arrayBuffer();
    } catch (cause) {
      throw failed(cause);
    } finally {
      done();
    }
    try {
      return decodeBatch(bytes);
    } catch {
      throw new ApiRequestError(response.status, 'bad_response', `Unexpected answer from ${path}`);
    }
  };
}
