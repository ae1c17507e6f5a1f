import type { AnswerOf } from '@quill/core/contract/endpoint';
import { AUDIO } from '@quill/core/contract/endpoints/audio';
import { useQuery } from '@tanstack/react-query';
import { type ApiRequestError, apiUpload, callApi, urlFor } from '../../lib/api';

/** Spec 01 §7: many calls have a 60 s timeout. */
const TIMEOUT_MS = 60_000;

export type CreateAudioFacility = AnswerOf<typeof AUDIO.createFacilities>[number];
export type CreateAudioChoices = AnswerOf<typeof AUDIO.createChoices>;
export type CreateAudioResponse = AnswerOf<typeof AUDIO.createWithAudio>;

export const createAudioKeys = {
  facilities: () => ['createAudio', 'facilities'] as const,
  choices: (clientFacilityId: string) => ['createAudio', 'choices', clientFacilityId] as const,
};

/** The client facilities the account may create jobs in. */
export function useCreateAudioFacilities() {
  return useQuery({
    queryKey: createAudioKeys.facilities(),
    queryFn: ({ signal }) => callApi(AUDIO.createFacilities, {}, { timeoutMs: TIMEOUT_MS, signal }),
  });
}

/** That facility's dictators and work types. */
export function useCreateAudioChoices(clientFacilityId: string | null) {
  return useQuery({
    queryKey: createAudioKeys.choices(clientFacilityId ?? ''),
    queryFn: ({ signal }) =>
      callApi(
        AUDIO.createChoices,
        { params: { clientFacilityId: clientFacilityId! } },
        { timeoutMs: TIMEOUT_MS, signal },
      ),
    enabled: clientFacilityId !== null,
  });
}

/**
 * Create with Audio: the form as multipart (the fields first, then `file`), sent with
 * {@link apiUpload} for its upload progress. `onProgress` gets the share sent, 0–1. Fails with an
 * {@link ApiRequestError} carrying the server's message (400 bad input or file, 404 facility /
 * dictator / patient not found, 413 too large …).
 */
export function uploadAudio(
  form: FormData,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<CreateAudioResponse> {
  return apiUpload(urlFor(AUDIO.createWithAudio, {}), form, {
    schema: AUDIO.createWithAudio.answer,
    onProgress,
    signal,
  });
}
