import type { JobListRow } from '@quill/core/contract/jobList';
import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import type { JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import { useEffect, useMemo } from 'react';
import { JobListIndex } from './jobListIndex';
import { markJobList } from './jobListTiming';
import { runInSlices } from './slices';

/**
 * The precomputed keys of the loaded rows: one index per load (a new rows array), warmed in short
 * slices after the first page is shown, and again for new visible columns.
 */
export function useJobListIndex(
  rows: readonly JobListRow[] | undefined,
  labels: JobListLabels,
  columns: readonly JobListColumn[],
): JobListIndex | null {
  const index = useMemo(() => (rows ? new JobListIndex(rows, labels) : null), [rows, labels]);
  useEffect(() => {
    if (!index) return;
    const controller = new AbortController();
    runInSlices(index.warmSteps(columns), controller.signal, 'background').then(
      () => markJobList('warmed'),
      () => {
        // Cancelled (new rows or columns): the next warm-up takes over.
      },
    );
    return () => controller.abort();
  }, [index, columns]);
  return index;
}
