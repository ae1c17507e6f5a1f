import type { JobListColumn } from '@quill/core/rules/jobListColumns';
import type { JobListSort } from '@quill/core/rules/jobListSort';
import { useMemo } from 'react';
import type { JobListIndex } from './jobListIndex';
import { filterOrder, groupCounts, groupOrder, type JobListViewResult, sortOrder } from './jobListView';

/**
 * The list as shown: sorted, grouped and searched. Each step is linear over precomputed keys and
 * memoised on its own inputs, so a keystroke re-runs only the search and a page change nothing.
 */
export function useJobListView(
  index: JobListIndex | null,
  options: {
    sort: JobListSort | null;
    group: JobListColumn | null;
    search: string;
    columns: readonly JobListColumn[];
  },
): JobListViewResult | null {
  const { sort, group, search, columns } = options;
  const sorted = useMemo(() => (index ? sortOrder(index, sort) : null), [index, sort]);
  const grouped = useMemo(
    () => (index && sorted ? groupOrder(index, sorted, group) : null),
    [index, sorted, group],
  );
  const order = useMemo(
    () =>
      index && grouped
        ? search.trim()
          ? filterOrder(grouped, index.searchTexts(columns), search)
          : grouped
        : null,
    [index, grouped, search, columns],
  );
  return useMemo(() => {
    if (!index || !order) return null;
    if (!group) return { order, groups: null };
    const of = index.groups(group);
    return { order, groups: { column: group, of, counts: groupCounts(order, of) } };
  }, [index, order, group]);
}
