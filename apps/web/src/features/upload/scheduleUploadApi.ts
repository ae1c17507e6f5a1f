import {
  CompanySchema,
  RecentUploadSchema,
  type RevertUploadResponse,
  RevertUploadResponseSchema,
  type SubmitHeadingsRequest,
  type SubmitHeadingsResponse,
  SubmitHeadingsResponseSchema,
  UploadEffectSchema,
  type UploadStatus,
  UploadStatusSchema,
  type ValidateHeadingsResponse,
  ValidateHeadingsResponseSchema,
} from '@quill/core/contract/schedule';
import { useQuery } from '@tanstack/react-query';
import { type ApiRequestError, api, apiUpload } from '../../lib/api';

/** Spec 01 §7: many calls have a 60 s timeout. */
const TIMEOUT_MS = 60_000;

/** Spec 02 §3/§7: the upload's processing state is asked for this often until it is done or failed. */
export const STATUS_POLL_MS = 2000;

export const SCHEDULE_UPLOAD_PATHS = {
  companySearch: (text: string) => `/api/company/searchbynameorid/${encodeURIComponent(text)}`,
  validateHeadings: '/api/schedule/validateheadings',
  submitScheduleHeadings: '/api/schedule/SubmitScheduleHeadings',
  status: (uploadId: number) => `/api/schedule/status/${uploadId}`,
  recent: '/api/schedule/uploads',
  effect: (uploadId: number) => `/api/schedule/uploads/${uploadId}/effect`,
  revert: (uploadId: number) => `/api/schedule/uploads/${uploadId}/revert`,
} as const;

const CompaniesSchema = CompanySchema.array();

export const scheduleUploadKeys = {
  companies: (text: string) => ['scheduleUpload', 'companies', text] as const,
  status: (uploadId: number) => ['scheduleUpload', 'status', uploadId] as const,
  recent: ['scheduleUpload', 'recent'] as const,
  effect: (uploadId: number) => ['scheduleUpload', 'effect', uploadId] as const,
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

/**
 * POST /api/schedule/validateheadings: the upload form as multipart (the fields first, then
 * `file`), sent with {@link apiUpload} for its upload progress. `onProgress` gets the share sent,
 * 0–1. Fails with an {@link ApiRequestError} carrying the server's message (400 bad file, 404
 * facility, 413 too large…).
 */
export function validateHeadings(
  form: FormData,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<ValidateHeadingsResponse> {
  return apiUpload(SCHEDULE_UPLOAD_PATHS.validateHeadings, form, {
    schema: ValidateHeadingsResponseSchema,
    onProgress,
    signal,
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

const RecentUploadsSchema = RecentUploadSchema.array();

/** GET /api/schedule/uploads: the latest uploads of the account's corporate structures. */
export function useRecentUploads() {
  return useQuery({
    queryKey: scheduleUploadKeys.recent,
    queryFn: ({ signal }) =>
      api.get(SCHEDULE_UPLOAD_PATHS.recent, { schema: RecentUploadsSchema, timeoutMs: TIMEOUT_MS, signal }),
  });
}

/** GET /api/schedule/uploads/{uploadId}/effect: what a processed upload changed. */
export function useUploadEffect(uploadId: number, enabled = true) {
  return useQuery({
    queryKey: scheduleUploadKeys.effect(uploadId),
    queryFn: ({ signal }) =>
      api.get(SCHEDULE_UPLOAD_PATHS.effect(uploadId), {
        schema: UploadEffectSchema,
        timeoutMs: TIMEOUT_MS,
        signal,
      }),
    enabled,
  });
}

/** POST /api/schedule/uploads/{uploadId}/revert: 403 not a manager, 409 with the conflict. */
export function revertUpload(uploadId: number): Promise<RevertUploadResponse> {
  return api.post(SCHEDULE_UPLOAD_PATHS.revert(uploadId), undefined, {
    schema: RevertUploadResponseSchema,
    timeoutMs: TIMEOUT_MS,
  });
}
