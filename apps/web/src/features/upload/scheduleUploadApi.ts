import { ApiErrorSchema, ERROR_CODES } from '@quill/core/contract/errors';
import {
  CompanySchema,
  type SubmitHeadingsRequest,
  type SubmitHeadingsResponse,
  SubmitHeadingsResponseSchema,
  type UploadStatus,
  UploadStatusSchema,
  type ValidateHeadingsResponse,
  ValidateHeadingsResponseSchema,
} from '@quill/core/contract/schedule';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, api, readXsrfToken } from '../../lib/api';

/** Spec 01 §7: many calls have a 60 s timeout. */
const TIMEOUT_MS = 60_000;

/** Spec 02 §3/§7: the upload's processing state is asked for this often until it is done or failed. */
export const STATUS_POLL_MS = 2000;

export const SCHEDULE_UPLOAD_PATHS = {
  companySearch: (text: string) => `/api/company/searchbynameorid/${encodeURIComponent(text)}`,
  validateHeadings: '/api/schedule/validateheadings',
  submitScheduleHeadings: '/api/schedule/SubmitScheduleHeadings',
  status: (uploadId: number) => `/api/schedule/status/${uploadId}`,
} as const;

const CompaniesSchema = CompanySchema.array();

export const scheduleUploadKeys = {
  companies: (text: string) => ['scheduleUpload', 'companies', text] as const,
  status: (uploadId: number) => ['scheduleUpload', 'status', uploadId] as const,
};

/** POST /api/company/searchbynameorid/{text}: the client facilities matching a name or id. */
export function useCompanySearch(text: string, enabled: boolean) {
  return useQuery({
    queryKey: scheduleUploadKeys.companies(text),
    queryFn: ({ signal }) =>
      api.post(SCHEDULE_UPLOAD_PATHS.companySearch(text), undefined, {
        schema: CompaniesSchema,
        timeoutMs: TIMEOUT_MS,
        signal,
      }),
    enabled: enabled && text.length > 0,
    staleTime: 30_000,
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/schedule/validateheadings: the upload form as multipart (the fields first, then
 * `file`), sent with XMLHttpRequest for its upload progress (fetch has none), with the CSRF header
 * of every non-GET call. `onProgress` gets the share sent, 0–1. Fails with an
 * {@link ApiRequestError} carrying the server's message (400 bad file, 404 facility, 413 too large…).
 */
export function validateHeadings(
  form: FormData,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<ValidateHeadingsResponse> {
  const path = SCHEDULE_UPLOAD_PATHS.validateHeadings;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readXsrfToken();
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = ValidateHeadingsResponseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiRequestError(xhr.status, 'bad_response', `Unexpected answer from ${path}`));
        return;
      }
      const error = ApiErrorSchema.safeParse(body);
      reject(
        error.success
          ? new ApiRequestError(xhr.status, error.data.error.code, error.data.error.message)
          : new ApiRequestError(
              xhr.status,
              (ERROR_CODES as Record<number, string>)[xhr.status] ?? 'http_error',
              xhr.statusText || `HTTP ${xhr.status}`,
            ),
      );
    });
    xhr.addEventListener('error', () => reject(new ApiRequestError(0, 'network', 'Network error')));
    xhr.addEventListener('abort', () =>
      reject(new ApiRequestError(0, 'aborted', 'The upload was cancelled')),
    );
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** POST /api/schedule/SubmitScheduleHeadings: the mapping; answers errors, warnings and the queued upload. */
export function submitScheduleHeadings(body: SubmitHeadingsRequest): Promise<SubmitHeadingsResponse> {
  return api.post(SCHEDULE_UPLOAD_PATHS.submitScheduleHeadings, body, {
    schema: SubmitHeadingsResponseSchema,
    timeoutMs: TIMEOUT_MS,
  });
}

/** The states after which an upload does not change any more. */
export function isFinalStatus(status: UploadStatus['status']): boolean {
  return status === 'done' || status === 'failed';
}

/** GET /api/schedule/status/{uploadId}, every 2 s until the upload is done or failed. */
export function useUploadStatus(uploadId: number | null) {
  return useQuery({
    queryKey: scheduleUploadKeys.status(uploadId ?? 0),
    queryFn: ({ signal }) =>
      api.get(SCHEDULE_UPLOAD_PATHS.status(uploadId ?? 0), {
        schema: UploadStatusSchema,
        timeoutMs: TIMEOUT_MS,
        signal,
      }),
    enabled: uploadId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isFinalStatus(data.status) ? false : STATUS_POLL_MS;
    },
  });
}
