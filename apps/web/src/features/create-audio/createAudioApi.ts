import {
  CreateAudioChoicesSchema,
  CreateAudioFacilitiesSchema,
  CreateAudioResponseSchema,
} from '@quill/core/contract/audio';
import { useQuery } from '@tanstack/react-query';
import { type ApiRequestError, api, apiUpload } from '../../lib/api';

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

/**
 * POST /api/audio/createwithaudio: the form as multipart (the fields first, then `file`), sent with
 * {@link apiUpload} for its upload progress. `onProgress` gets the share sent, 0–1. Fails with an
 * {@link ApiRequestError} carrying the server's message (400 bad input or file, 404 facility /
 * dictator / patient not found, 413 too large …).
 */
export function uploadAudio(
  form: FormData,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<CreateAudioResponse> {
  return apiUpload(CREATE_AUDIO_PATHS.create, form, {
    schema: CreateAudioResponseSchema,
    onProgress,
    signal,
  });
}
