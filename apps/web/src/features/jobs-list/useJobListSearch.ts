import type { JobListRow } from '@quill/core/contract/jobList';
import type { JobListColumn } from '@quill/core/rules/jobListColumns';
import type { JobListLabels } from '@quill/core/rules/jobListValues';
import { useEffect, useMemo } from 'react';
import { createJobListSearch, type JobListSearch } from './jobListSearch';

/**
 * The search of the loaded rows (one per load): the texts of the visible columns are built ahead
 * of need as soon as the list is shown, and again for new visible columns; the search stops and
 * lets go of its texts when the rows go.
 */
export function useJobListSearch(
  rows: readonly JobListRow[] | undefined,
  labels: JobListLabels,
  columns: readonly JobListColumn[],
): JobListSearch | null {
  const search = useMemo(() => (rows ? createJobListSearch(rows, labels) : null), [rows, labels]);
  useEffect(() => {
    if (!search) return;
    return () => search.close();
  }, [search]);
  useEffect(() => {
    search?.prepare(columns);
  }, [search, columns]);
  return search;
}
