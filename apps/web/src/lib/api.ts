import {
  type AnswerOf,
  type Endpoint,
  type InputOf,
  type QueryValue,
  urlOf,
} from '@quill/core/contract/endpoint';
import { ApiErrorSchema, ERROR_CODES } from '@quill/core/contract/errors';

/** A failed API call: the HTTP status (0 when no answer came) and the server's code and message. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The answer's `error.details`, for the refusals that carry them (e.g. document_patient_differs). */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Anything with a zod-like `parse`: the answer is validated against it. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  /** Query string values; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** Validates the answer; without it the answer is returned as parsed JSON. */
  schema?: Parser<T>;
  /** Aborts the request after this many milliseconds (answers with code `timeout`). */
  timeoutMs?: number;
  /** Cancels the request from outside (e.g. react-query when a query is dropped). */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The double-submit CSRF token the server set as a readable cookie (ARCHITECTURE §5). */
export function readXsrfToken(cookies: string = globalThis.document?.cookie ?? ''): string | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === XSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseJson(await response.text());
}

/** Called with every 401 answer before the call fails (see {@link onUnauthorized}). */
export type UnauthorizedListener = (error: ApiRequestError, path: string) => void;

const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Registers a listener for 401 answers of any call (the app's global session handler: expired,
 * superseded, signed out). Answers a function that removes it again.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

function notifyUnauthorized(error: ApiRequestError, path: string): void {
  for (const listener of [...unauthorizedListeners]) {
    try {
      listener(error, path);
    } catch {
      // A failing listener must not change what the caller sees.
    }
  }
}

function errorFromAnswer(status: number, body: unknown, statusText: string): ApiRequestError {
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiRequestError(status, code, message, details);
  }
  const code = (ERROR_CODES as Record<number, string>)[status] ?? 'http_error';
  return new ApiRequestError(status, code, statusText || `HTTP ${status}`);
}

/**
 * Calls the Quill API: JSON in and out, same-origin cookies, the CSRF header on every non-GET
 * request, an optional timeout, and every failure as an {@link ApiRequestError}.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') {
    const token = readXsrfToken();
    if (token) headers[XSRF_HEADER] = token;
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs);
  const onOuterAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method,
        headers,
        body,
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch (cause) {
      if (timedOut)
        throw new ApiRequestError(0, 'timeout', `No answer from ${path} within ${options.timeoutMs} ms`);
      if (controller.signal.aborted)
        throw new ApiRequestError(0, 'aborted', `Request to ${path} was cancelled`);
      throw new ApiRequestError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
    }
    const data = await readJson(response);
    if (!response.ok) {
      const error = errorFromAnswer(response.status, data, response.statusText);
      if (error.status === 401) notifyUnauthorized(error, path);
      throw error;
    }
    if (!options.schema) return data as T;
    try {
      return options.schema.parse(data);
    } catch {
      throw new ApiRequestError(response.status, 'bad_response', `Unexpected answer from ${path}`);
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

/** A file the API answered: its bytes and the file name of its Content-Disposition, if any. */
export interface ApiFile {
  blob: Blob;
  fileName: string | undefined;
}

function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
}

/**
 * The {@link ApiRequestError} of a failed answer that is not read as JSON on success (a file, the
 * list's bytes), with the server's code and message; a 401 is announced as for {@link apiRequest}.
 */
export async function failedAnswer(response: Response, path: string): Promise<ApiRequestError> {
  const error = await refusedAnswer(response);
  if (error.status === 401) notifyUnauthorized(error, path);
  return error;
}

/**
 * The {@link ApiRequestError} of a failed answer with the server's code and message, for a call
 * that does not authenticate with the session (the attachments service's basic credential): its
 * 401 is the caller's to handle and is not announced to {@link onUnauthorized}.
 */
export async function refusedAnswer(response: Response): Promise<ApiRequestError> {
  return errorFromAnswer(response.status, await readJson(response), response.statusText);
}

/**
 * GETs a file (a document, a zip) from the Quill API. Failures are {@link ApiRequestError}s with the
 * server's code and message, exactly as for {@link apiRequest} (401 included).
 */
export async function apiFile(
  path: string,
  options: Pick<RequestOptions<unknown>, 'query' | 'signal'> = {},
): Promise<ApiFile> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw new ApiRequestError(0, 'aborted', `Request to ${path} was cancelled`);
    throw new ApiRequestError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) throw await failedAnswer(response, path);
  try {
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
  } catch (cause) {
    if (options.signal?.aborted) throw new ApiRequestError(0, 'aborted', `Request to ${path} was cancelled`);
    throw new ApiRequestError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  }
}

export interface UploadOptions<T> {
  /** Validates the answer. */
  schema: Parser<T>;
  /** Called as the body goes out, with the share sent so far (0–1). */
  onProgress: (share: number) => void;
  /** Cancels the upload (answers with code `aborted`). */
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form to the Quill API with XMLHttpRequest for its upload progress (fetch has
 * none), with the CSRF header of every non-GET call. Failures are {@link ApiRequestError}s with the
 * server's code and message as for {@link apiRequest} (a 401 is reported to
 * {@link onUnauthorized}, so the app asks to sign in again), with no timeout: a large file may take
 * long to send.
 */
export function apiUpload<T>(path: string, form: FormData, options: UploadOptions<T>): Promise<T> {
  const { schema, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readXsrfToken();
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = errorFromAnswer(xhr.status, body, xhr.statusText);
        if (error.status === 401) notifyUnauthorized(error, path);
        reject(error);
        return;
      }
      try {
        resolve(schema.parse(body));
      } catch {
        reject(new ApiRequestError(xhr.status, 'bad_response', `Unexpected answer from ${path}`));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiRequestError(0, 'network', 'Network error')));
    xhr.addEventListener('abort', () =>
      reject(new ApiRequestError(0, 'aborted', 'The upload was cancelled')),
    );
    if (signal) {
      // Cancelled before it started: an XMLHttpRequest not yet sent fires no abort event.
      if (signal.aborted) {
        reject(new ApiRequestError(0, 'aborted', 'The upload was cancelled'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** What a call of an endpoint sends: its path parameters, query and body, each where it has one. */
export type CallInput<E extends Endpoint> = (E['params'] extends object
  ? { params: InputOf<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends object ? { query: InputOf<E['query']> } : { query?: undefined }) &
  (E['body'] extends object ? { body: InputOf<E['body']> } : { body?: undefined });

/** The URL of a call of an endpoint (for links, new tabs, file downloads and uploads). */
export function urlFor<E extends Endpoint>(e: E, input: Omit<CallInput<E>, 'body'>): string {
  return urlOf(
    e,
    input.params as Record<string, string | number> | undefined,
    input.query as Record<string, QueryValue> | undefined,
  );
}

/**
 * Calls an endpoint of the table in `@quill/core/contract/endpoints`: its method and path, the body
 * typed by its schema, and the answer checked against its answer schema.
 */
export function callApi<E extends Endpoint>(
  e: E,
  input: CallInput<E>,
  options: Pick<RequestOptions<unknown>, 'timeoutMs' | 'signal' | 'headers'> = {},
): Promise<AnswerOf<E>> {
  return apiRequest<AnswerOf<E>>(urlFor(e, input), {
    ...options,
    method: e.method,
    body: input.body,
    schema: e.answer as Parser<AnswerOf<E>> | undefined,
  });
}
