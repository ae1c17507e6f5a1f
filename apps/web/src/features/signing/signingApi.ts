import { SIGNING } from '@quill/core/contract/endpoints/signing';
import type { ToSignRow } from '@quill/core/contract/signing';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSigns } from './useSigns';

/** The signing calls wait as long as the job calls (spec 01 §7: 60 s). */
const TIMEOUT_MS = 60_000;

/** react-query keys of the signing area: invalidating `all` refreshes the queue and the ticker. */
export const signingKeys = {
  all: ['signing'] as const,
  queue: ['signing', 'queue'] as const,
  count: ['signing', 'count'] as const,
  signatures: (jobId: number) => ['signing', 'signatures', jobId] as const,
};

/** The jobs waiting for the signed-in account's signature. */
export const fetchToSignQueue = (signal?: AbortSignal) =>
  callApi(SIGNING.queue, {}, { timeoutMs: TIMEOUT_MS, signal });

/** The To sign ticker's count. */
export const fetchToSignCount = (signal?: AbortSignal) =>
  callApi(SIGNING.count, {}, { timeoutMs: TIMEOUT_MS, signal });

/** Who signs: the password asked again, or the session's fresh sign-in at the identity provider. */
export type SignProof = { password: string } | { reauthenticated: true };

/** Signs the jobs (each at the version read) with the proof of who signs; all or nothing. */
export const signJobs = (jobs: readonly Pick<ToSignRow, 'jobId' | 'version'>[], proof: SignProof) =>
  callApi(
    SIGNING.sign,
    { body: { jobs: jobs.map(({ jobId, version }) => ({ jobId, version })), ...proof } },
    { timeoutMs: TIMEOUT_MS },
  );

/** Sends a job back to transcription with the note saying what to correct. */
export const returnForCorrection = (jobId: number, note: string) =>
  callApi(SIGNING.returnForCorrection, { body: { jobId, note } }, { timeoutMs: TIMEOUT_MS });

/** A job's signatures, live and voided. */
export const fetchSignatures = (jobId: number, signal?: AbortSignal) =>
  callApi(SIGNING.signatures, { query: { jobId } }, { timeoutMs: TIMEOUT_MS, signal });

/** The To sign queue (only for an account that signs). */
export function useToSignQueue() {
  const signs = useSigns();
  return useQuery({
    queryKey: signingKeys.queue,
    queryFn: ({ signal }) => fetchToSignQueue(signal),
    enabled: signs,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
