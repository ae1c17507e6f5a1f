import type { CompleteJobsResult } from '@quill/core/contract/documents/documents';
import type { TFunction } from 'i18next';

/** What the user is told after a clear (spec 01 §8 "Clear"). */
export interface ClearMessages {
  /** 'The selected job was cleared from the list' or '{count} selected jobs were cleared from the list'. */
  success: string | null;
  /** One 'Job ID: {jobId} was not cleared due to: Job is in {stage}' per job left on the list. */
  perJob: string[];
  /** The toast for the jobs left on the list: the job's own line for one, the plural summary for more. */
  warning: string | null;
}

/** Spec 01 §4/§8: the messages of a clear's answer. */
export function clearMessages(result: CompleteJobsResult, t: TFunction): ClearMessages {
  const cleared = result.cleared.length;
  const perJob = result.notCleared.map((n) =>
    t('clear.notCleared', { jobId: String(n.jobId), stage: n.stageName || '—' }),
  );
  const success =
    cleared === 0 ? null : cleared === 1 ? t('clear.clearedOne') : t('clear.clearedMany', { count: cleared });
  const warning =
    perJob.length === 0
      ? null
      : perJob.length === 1
        ? (perJob[0] ?? null)
        : t('clear.notReady', { count: perJob.length });
  return { success, perJob, warning };
}
