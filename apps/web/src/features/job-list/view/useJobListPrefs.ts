import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import type { JobListSort } from '@quill/core/rules/jobList/jobListSort';
import type { QueueName } from '@quill/core/rules/settings/constants';
import { useCallback, useMemo, useState } from 'react';
import {
  type ColumnVisibility,
  changedFromDefaults,
  defaultVisibility,
  hiddenColumns,
  resolveVisibility,
  visibleColumns,
} from '../table/columnVisibility';
import {
  clearListPreferences,
  readListPreferences,
  readSessionHiddenColumns,
  writeListColumns,
  writeListGroup,
  writeListSort,
  writeSessionHiddenColumns,
} from './jobListStorage';

/**
 * Spec 01 §9: a list's sort, grouping column and changed column visibility, persisted in
 * localStorage per corporate structure id and queue (and the hidden columns in sessionStorage).
 * Read once per list; the component is keyed by structure and queue.
 */
export function useJobListPrefs(cs: string, queue: QueueName) {
  const [initial] = useState(() => {
    const stored = readListPreferences(cs, queue);
    return { ...stored, visibility: resolveVisibility(stored.columns, readSessionHiddenColumns()) };
  });
  const [sort, setSortState] = useState<JobListSort | null>(initial.sort);
  const [group, setGroupState] = useState<JobListColumn | null>(initial.group);
  const [visibility, setVisibilityState] = useState<ColumnVisibility>(initial.visibility);

  const setSort = useCallback(
    (next: JobListSort | null) => {
      setSortState(next);
      writeListSort(cs, queue, next);
    },
    [cs, queue],
  );

  const setGroup = useCallback(
    (next: JobListColumn | null) => {
      setGroupState(next);
      writeListGroup(cs, queue, next);
    },
    [cs, queue],
  );

  const setColumnVisible = useCallback(
    (column: JobListColumn, visible: boolean) => {
      setVisibilityState((current) => {
        const next = { ...current, [column]: visible };
        writeListColumns(cs, queue, changedFromDefaults(next));
        writeSessionHiddenColumns(hiddenColumns(next));
        return next;
      });
    },
    [cs, queue],
  );

  /** Reset: back to the defaults, and the stored choices forgotten. */
  const reset = useCallback(() => {
    clearListPreferences(cs, queue);
    setSortState(null);
    setGroupState(null);
    setVisibilityState(defaultVisibility());
  }, [cs, queue]);

  const columns = useMemo(() => visibleColumns(visibility), [visibility]);
  return { sort, setSort, group, setGroup, visibility, columns, setColumnVisible, reset };
}
