import type { CdaEditModel } from '@quill/core/contract/documents/cda';
import type { DocumentAvailability, JobViewDetails } from '@quill/core/contract/job';
import { type TextView, textViewOf } from '@quill/core/rules/jobEditor/textType';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiRequestError } from '../../lib/api';
import { fetchAvailability, fetchCanAccess, fetchCda, fetchJobDetails, jobKeys } from './jobApi';

/** Why a job could not be shown (each has its spec 02 §8 message). */
export type JobLoadProblem = 'accessDenied' | 'notFound' | 'failed';

/** A loaded job: its details, what text it has, and the CDA editing model when its text is CDA. */
export interface LoadedJob {
  details: JobViewDetails;
  availability: DocumentAvailability;
  text: TextView;
  /** `draft`: a transcription's starting draft ('template' or 'asr', issue 27), null for the job's own document. */
  cda: { version: number; model: CdaEditModel; draft: string | null } | null;
  /** The CDA could not be read although availability says there is one. */
  cdaFailed: boolean;
  /** When the document was loaded: the editor starts afresh only when this changes. */
  loadedAt: number;
}

/** The version the view shows and a save is based on: the CDA's when there is one, else the job's. */
export const versionOf = (job: LoadedJob | undefined): number =>
  job?.cda?.version ?? job?.details.version ?? 0;

/** A load that ended in one of the {@link JobLoadProblem}s. */
export class JobLoadError extends Error {
  override readonly name = 'JobLoadError';
  constructor(readonly problem: JobLoadProblem) {
    super(problem);
  }
}

/**
 * Spec 02 §4 "Job view load": canaccessjob, then the job detail and document availability, then
 * (for CDA text) the editing model. A 404 (missing or another tenant's job) is not found.
 */
export async function loadJob(jobId: number, signal?: AbortSignal): Promise<LoadedJob> {
  try {
    const access = await fetchCanAccess(jobId, signal);
    if (!access.canAccess) throw new JobLoadError('accessDenied');
    const [details, availability] = await Promise.all([
      fetchJobDetails(jobId, signal),
      fetchAvailability(jobId, signal),
    ]);
    const text = textViewOf(availability);
    const loaded = { details, availability, text, cda: null, cdaFailed: false, loadedAt: Date.now() };
    if (text.textType !== 'CDA') return loaded;
    try {
      return { ...loaded, cda: await fetchCda(jobId, signal) };
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'aborted') throw error;
      return { ...loaded, cdaFailed: true };
    }
  } catch (error) {
    if (error instanceof JobLoadError) throw error;
    if (error instanceof ApiRequestError && error.status === 403) throw new JobLoadError('accessDenied');
    if (error instanceof ApiRequestError && error.status === 404) throw new JobLoadError('notFound');
    throw new JobLoadError('failed');
  }
}

/** The job view's data; not fetched without the jobView permission. */
export function useJobLoad(jobId: number, enabled: boolean) {
  return useQuery({
    queryKey: jobKeys.view(jobId),
    queryFn: ({ signal }) => loadJob(jobId, signal),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/**
 * Reads the job's details again (after Accept ADT: the patient name, stage and hold-queue flags the
 * server recomputed) and puts them in the loaded job, leaving its document and the editor as they
 * are. A failed read keeps the details shown.
 */
export function useRefreshDetails(jobId: number): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    try {
      const details = await fetchJobDetails(jobId);
      client.setQueryData<LoadedJob>(jobKeys.view(jobId), (old) => (old ? { ...old, details } : old));
    } catch {
      // The next load shows them.
    }
  }, [client, jobId]);
}
