import { SCHEDULE } from '@quill/core/contract/endpoints/schedule';
import type {
  RevertUploadResponse,
  SubmitHeadingsRequest,
  SubmitHeadingsResponse,
  UploadStatus,
  ValidateHeadingsResponse,
} from '@quill/core/contract/schedule';
import { useQuery } from '@tanstack/react-query';
import { type ApiRequestError, apiUpload, callApi, urlFor } from '../../lib/api';
import type { UploadFormKind } from './uploadForms';

/** Spec 01 §7: many calls have a 60 s timeout. */
const TIMEOUT_MS = 60_000;

/** Spec 02 §3/§7: the upload's processing state is asked for this often until it is done or failed. */
export const STATUS_POLL_MS = 2000;

export const scheduleUploadKeys = {
  companies: (text: string) => ['scheduleUpload', 'companies', text] as const,
  status: (uploadId: number) => ['scheduleUpload', 'status', uploadId] as const,
  recent: ['scheduleUpload', 'recent'] as const,
  effect: (uploadId: number) => ['scheduleUpload', 'effect', uploadId] as const,
  preview: (uploadId: number) => ['scheduleUpload', 'preview', uploadId] as const,
};

/** The client facilities matching a name or id (spec 02 §3 "Company"). */
export function useCompanySearch(text: string, enabled: boolean) {
  return useQuery({
    queryKey: scheduleUploadKeys.companies(text),
    queryFn: ({ signal }) =>
      callApi(SCHEDULE.companySearch, { params: { text } }, { timeoutMs: TIMEOUT_MS, signal }),
    enabled: enabled && text.length > 0,
    staleTime: 30_000,
  });
}

/**
 * Reads the file's headings: the upload form as multipart (the fields first, then `file`), sent
 * with {@link apiUpload} for its upload progress. `onProgress` gets the share sent, 0–1. Fails with
 * an {@link ApiRequestError} carrying the server's message (400 bad file, 404 facility, 413 too
 * large…).
 */
export function validateHeadings(
  form: FormData,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<ValidateHeadingsResponse> {
  return apiUpload(urlFor(SCHEDULE.validateHeadings, {}), form, {
    schema: SCHEDULE.validateHeadings.answer,
    onProgress,
    signal,
  });
}

/**
 * Submits the mapping to the form's endpoint (SubmitScheduleHeadings or SubmitADTHeadings); answers
 * errors, warnings and the queued upload.
 */
export function submitHeadings(
  form: Pick<UploadFormKind, 'submit'>,
  body: SubmitHeadingsRequest,
): Promise<SubmitHeadingsResponse> {
  return callApi(form.submit, { body }, { timeoutMs: TIMEOUT_MS });
}

/** The states after which an upload does not change any more. */
export function isFinalStatus(status: UploadStatus['status']): boolean {
  return status === 'done' || status === 'failed' || status === 'cancelled';
}

/** Issue 39: the states in which the upload waits for nobody but the user (no need to ask again). */
const isSettled = (status: UploadStatus['status']) => isFinalStatus(status) || status === 'preview';

/** The upload's processing state, every 2 s until it is done or failed. */
export function useUploadStatus(uploadId: number | null) {
  return useQuery({
    queryKey: scheduleUploadKeys.status(uploadId ?? 0),
    queryFn: ({ signal }) =>
      callApi(SCHEDULE.status, { params: { uploadId: uploadId ?? 0 } }, { timeoutMs: TIMEOUT_MS, signal }),
    enabled: uploadId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isSettled(data.status) ? false : STATUS_POLL_MS;
    },
  });
}

/** The latest uploads of the account's corporate structures. */
export function useRecentUploads() {
  return useQuery({
    queryKey: scheduleUploadKeys.recent,
    queryFn: ({ signal }) => callApi(SCHEDULE.recentUploads, {}, { timeoutMs: TIMEOUT_MS, signal }),
  });
}

/** What a processed upload changed. */
export function useUploadEffect(uploadId: number, enabled = true) {
  return useQuery({
    queryKey: scheduleUploadKeys.effect(uploadId),
    queryFn: ({ signal }) =>
      callApi(SCHEDULE.uploadEffect, { params: { uploadId } }, { timeoutMs: TIMEOUT_MS, signal }),
    enabled,
  });
}

/** Reverts an upload: 403 not a manager, 409 with the conflict. */
export function revertUpload(uploadId: number): Promise<RevertUploadResponse> {
  return callApi(SCHEDULE.revertUpload, { params: { uploadId } }, { timeoutMs: TIMEOUT_MS });
}

/** Issue 39: what a submitted upload would change (nothing is applied before the confirm). */
export function useUploadPreview(uploadId: number, enabled = true) {
  return useQuery({
    queryKey: scheduleUploadKeys.preview(uploadId),
    queryFn: ({ signal }) =>
      callApi(SCHEDULE.uploadPreview, { params: { uploadId } }, { timeoutMs: TIMEOUT_MS, signal }),
    enabled,
    staleTime: 0,
  });
}

/** Issue 39: applies a previewed upload (409 when it is not waiting for confirmation). */
export function confirmUpload(uploadId: number): Promise<UploadStatus> {
  return callApi(SCHEDULE.confirmUpload, { params: { uploadId } }, { timeoutMs: TIMEOUT_MS });
}

/** Issue 39: discards a previewed upload; nothing is applied. */
export function cancelUpload(uploadId: number): Promise<UploadStatus> {
  return callApi(SCHEDULE.cancelUpload, { params: { uploadId } }, { timeoutMs: TIMEOUT_MS });
}
