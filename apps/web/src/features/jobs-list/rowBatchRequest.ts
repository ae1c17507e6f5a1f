import { type JobListRow, JobListRowSchema } from '@quill/core/contract/jobList';
import { ApiRequestError, api, type Parser } from '../../lib/api';
import { parseJsonArrayInPieces } from './jsonArrayPieces';
import { runInSlices } from './slices';

/**
 * A batch of list rows: an array whose first row is checked against the contract. Every row of a
 * batch comes from one SQL statement, so one row shows the batch's shape; checking all 100,000
 * rows again would cost the browser more than the whole sort budget (ARCHITECTURE §7).
 */
export const RowBatch: Parser<JobListRow[]> = {
  parse(data: unknown): JobListRow[] {
    if (!Array.isArray(data)) throw new Error('not an array');
    if (data.length > 0) JobListRowSchema.parse(data[0]);
    return data as JobListRow[];
  },
};

export interface RowBatchRequest {
  path: string;
  query: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * GET one batch of list rows. A batch of 10,000 rows is ~7 MB of JSON: one JSON.parse of it holds
 * the main thread too long, so the answer is parsed in pieces between which the browser can paint
 * (ARCHITECTURE §7). A failed answer is asked for again through the app's API client, so that
 * every error (401 session handling included) goes the one way all calls' errors go.
 */
export async function fetchRowBatch({
  path,
  query,
  timeoutMs,
  signal,
}: RowBatchRequest): Promise<JobListRow[]> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const failed = (cause: unknown): ApiRequestError => {
    if (timedOut) return new ApiRequestError(0, 'timeout', `No answer from ${path} within ${timeoutMs} ms`);
    if (controller.signal.aborted)
      return new ApiRequestError(0, 'aborted', `Request to ${path} was cancelled`);
    return new ApiRequestError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  };
  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${path}?${new URLSearchParams(query)}`, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        signal: controller.signal,
      });
      if (!response.ok) {
        void response.body?.cancel();
        return await api.get(path, { query, schema: RowBatch, timeoutMs, signal });
      }
      text = await response.text();
    } catch (cause) {
      throw cause instanceof ApiRequestError ? cause : failed(cause);
    }
    let rows: JobListRow[];
    try {
      rows = await runInSlices(parseJsonArrayInPieces<JobListRow>(text), controller.signal);
    } catch (cause) {
      if (controller.signal.aborted) throw failed(cause);
      throw new ApiRequestError(response.status, 'bad_response', `Unexpected answer from ${path}`);
    }
    try {
      return RowBatch.parse(rows);
    } catch {
      throw new ApiRequestError(response.status, 'bad_response', `Unexpected answer from ${path}`);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
