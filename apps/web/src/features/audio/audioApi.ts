import type { AudioOptions } from '@quill/core/contract/audio';
import { AUDIO } from '@quill/core/contract/endpoints/audio';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';

/** Spec 01 §7: many calls have a 60 s timeout. */
const TIMEOUT_MS = 60_000;

/** react-query keys of the player's calls. */
export const audioKeys = {
  options: (jobId: number) => ['audio', 'options', jobId] as const,
};

/** Audio options (spec 01 §3): the job's renditions, the URL to stream and the enabled buttons. */
export function fetchAudioOptions(jobId: number, signal?: AbortSignal): Promise<AudioOptions> {
  return callApi(AUDIO.options, { query: { jobId } }, { timeoutMs: TIMEOUT_MS, signal });
}

/**
 * Issue 39: tells the server the player started playing the job's dictation, for its audit trail
 * ("Played the audio"). Best effort: a failure changes nothing for the listener.
 */
export function reportAudioPlayed(jobId: number): void {
  callApi(AUDIO.played, { query: { jobId } }, { timeoutMs: TIMEOUT_MS }).catch(() => undefined);
}

export interface AudioOptionsQueryOptions {
  /** Ask again every this many ms while `until` is not met (a rendition being prepared). */
  pollMs?: number;
  until?: (options: AudioOptions) => boolean;
}

/** A job's audio options; optionally polled until they say what the caller waits for. */
export function useAudioOptions(jobId: number, { pollMs, until }: AudioOptionsQueryOptions = {}) {
  return useQuery({
    queryKey: audioKeys.options(jobId),
    queryFn: ({ signal }) => fetchAudioOptions(jobId, signal),
    refetchInterval: pollMs
      ? (query) => {
          const data = query.state.data;
          return data && until?.(data) ? false : pollMs;
        }
      : false,
  });
}
