import type { JobAdt } from '@quill/core/contract/adt/adt';
import type { SetJobDataRequest } from '@quill/core/contract/job';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/toasts';
import type { JobEdits } from '../saving/useJobEdits';
import { adtKeys, refreshJobData, useJobAdt } from './adtApi';
import { adtRequestOf, clearedItems } from './adtDraft';

/** Spec 02 §4: the details whose change refreshes the ADT (physician items follow the dictator …). */
const REFRESH_FIELDS = ['dictator', 'dictatedFor', 'department', 'location', 'workTypeId'] as const;

/** What the job view's Patient & Visit and Orders panels work with. */
export interface AdtPanels {
  /** The ADT as edited, else as loaded; null before it loaded or without a patient-data permission. */
  adt: JobAdt | null;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  /** A refresh, Clear or Revert is under way: the job's controls are disabled (spec 02 §4). */
  busy: boolean;
  onAdtChange: (next: JobAdt) => void;
  /** Clear: the ADT reloaded with every changeable value emptied. */
  clear: () => void;
  /** Revert: the ADT changes dropped and the ADT reloaded. */
  revert: () => void;
  /** The Document Details card's change, refreshing the ADT when a detail it follows changed. */
  onJobDataChange: (next: SetJobDataRequest) => void;
  /** After a save: the stored ADT again. */
  reload: () => void;
  /** After Accept ADT: the ADT it answered is the stored one. */
  accepted: (adt: JobAdt) => void;
}

export interface AdtPanelsOptions {
  jobId: number;
  /** The account may see patient data (adtViewGate) and the job loaded. */
  enabled: boolean;
  edits: Pick<JobEdits, 'adt' | 'editAdt' | 'jobData' | 'editJobData'>;
  /** After Accept ADT: the job's details read again (patient name, hold-queue flags). */
  afterAccept: () => void;
}

/**
 * The job's ADT for the panels: getadtdata, the edited copy kept in the job's edits (so the save
 * sends it, a cancelled edit forgets it and the unsaved-changes guard knows it), Clear and Revert
 * (both reload), Accept, and RefreshJobData when the dictator, dictated-for, department, location
 * or work type changes (spec 02 §4): its `adt` becomes the edited ADT.
 */
export function useAdtPanels({ jobId, enabled, edits, afterAccept }: AdtPanelsOptions): AdtPanels {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useJobAdt(jobId, enabled);
  const [reloading, setReloading] = useState(false);
  const { adt: edited, editAdt, jobData, editJobData } = edits;
  const adt = edited ?? query.data ?? null;

  const refresh = useMutation({
    mutationFn: refreshJobData,
    onSuccess: (result) => {
      if (result.adt) editAdt(result.adt);
    },
    onError: () => showToast(t('job.detailChangeFailed'), { kind: 'error' }),
  });
  const { mutate } = refresh;
  const onJobDataChange = useCallback(
    (next: SetJobDataRequest) => {
      editJobData(next);
      const moved = jobData && REFRESH_FIELDS.some((f) => jobData[f] !== next[f]);
      if (moved && adt) mutate({ ...next, ...adtRequestOf(adt) });
    },
    [editJobData, jobData, adt, mutate],
  );

  const { refetch } = query;
  const reloadThen = useCallback(
    async (then: (stored: JobAdt) => JobAdt | null) => {
      setReloading(true);
      try {
        const r = await refetch();
        if (r.data) editAdt(then(r.data));
        else showToast(t('adtPanel.loadFailed'), { kind: 'error' });
      } finally {
        setReloading(false);
      }
    },
    [refetch, editAdt, t],
  );
  const clear = useCallback(
    () => void reloadThen((stored) => ({ ...stored, outputAdtData: clearedItems(stored.outputAdtData) })),
    [reloadThen],
  );
  const revert = useCallback(() => void reloadThen(() => null), [reloadThen]);
  const reload = useCallback(() => {
    if (enabled) void refetch();
  }, [enabled, refetch]);
  const accepted = useCallback(
    (stored: JobAdt) => {
      client.setQueryData(adtKeys.job(jobId), stored);
      editAdt(null);
      afterAccept();
    },
    [client, jobId, editAdt, afterAccept],
  );
  const retry = useCallback(() => void refetch(), [refetch]);

  return useMemo(
    () => ({
      adt,
      loading: enabled && query.isPending,
      failed: query.isError && !query.data,
      retry,
      busy: refresh.isPending || reloading,
      onAdtChange: editAdt,
      clear,
      revert,
      onJobDataChange,
      reload,
      accepted,
    }),
    [
      adt,
      enabled,
      query.isPending,
      query.isError,
      query.data,
      retry,
      refresh.isPending,
      reloading,
      editAdt,
      clear,
      revert,
      onJobDataChange,
      reload,
      accepted,
    ],
  );
}
