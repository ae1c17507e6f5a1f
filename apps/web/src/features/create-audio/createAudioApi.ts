import {
  CreateAudioChoicesSchema,
  CreateAudioFacilitiesSchema,
  CreateAudioResponseSchema,
} from '@quill/core/contract/audio';
import { ApiErrorSchema, ERROR_CODES } from '@quill/core/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, api, readXsrfToken } from '../../lib/api';

/** Spec 01 §7: many calls have a 60 s timeout. */
const TIMEOUT_MS = 60_000;

export const CREATE_AUDIO_PATHS = {
  facilities: '/api/audio/createoptions',
  choices: (clientFacilityId: string) => `/api/audio/createoptions/${encodeURIComponent(clientFacilityId)}`,
  create: '/api/audio/createwithaudio',
} as const;

export type CreateAudioFacility = ReturnType<typeof CreateAudioFacilitiesSchema.parse>[number];
export type CreateAudioChoices = ReturnType<typeof CreateAudioChoicesSchema.parse>;
export type CreateAudioResponse = ReturnType<typeof CreateAudioResponseSchema.parse>;

export const createAudioKeys = {
  facilities: () => ['createAudio', 'facilities'] as const,
  choices: (clientFacilityId: string) => ['createAudio', 'choices', clientFacilityId] as const,
};

/** GET /api/audio/createoptions: the client facilities the account may create jobs in. */
export function useCreateAudioFacilities() {
  return useQuery({
    queryKey: createAudioKeys.facilities(),
    queryFn: ({ signal }) =>
      api.get(CREATE_AUDIO_PATHS.facilities, {
        schema: CreateAudioFacilitiesSchema,
        timeoutMs: TIMEOUT_MS,
        signal,
      }),
  });
}

/** GET /api/audio/createoptions/{clientFacilityId}: that facility's dictators and work types. */
export function useCreateAudioChoices(clientFacilityId: string | null) {
  return useQuery({
    queryKey: createAudioKeys.choices(clientFacilityId ?? ''),
    queryFn: ({ signal }) =>
      api.get(CREATE_AUDIO_PATHS.choices(clientFacilityId!), {
        schema: CreateAudioChoicesSchema,
        timeoutMs: TIMEOUT_MS,
        signal,
      }),
    enabled: clientFacilityId !== null,
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
 * POST /api/audio/createwithaudio: the form as multipart (the fields first, then `file`), sent with
 * XMLHttpRequest for its upload progress (fetch has none), with the CSRF header of every non-GET
 * call. `onProgress` gets the share sent, 0–1. Fails with an {@link ApiRequestError} carrying the
 * server's message (400 bad input or file, 404 facility / dictator / patient not found, 413 too
 * large …).
 */
export function uploadAudio(
  form: FormData,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<CreateAudioResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', CREATE_AUDIO_PATHS.create);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readXsrfToken();
    if (token) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = CreateAudioResponseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else
          reject(
            new ApiRequestError(
              xhr.status,
              'bad_response',
              `Unexpected answer from ${CREATE_AUDIO_PATHS.create}`,
            ),
          );
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
