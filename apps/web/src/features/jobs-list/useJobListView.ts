import type { JobListColumn } from '@quill/core/rules/jobListColumns';
import type { JobListSort } from '@quill/core/rules/jobListSort';
import { normalizeSearch } from '@quill/core/rules/jobListValues';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { JobListIndex } from './jobListIndex';
import type { JobListSearch } from './jobListSearch';
import { filterOrder, groupCounts, groupOrder, type JobListViewResult, sortOrder } from './jobListView';

/**
 * The rows a search matches (see {@link JobListSearch.matches}): null without a search, undefined
 * while the answer is awaited (it comes from the search worker, or from texts still being built).
 */
function useSearchMatches(
  search: JobListSearch | null,
  columns: readonly JobListColumn[],
  query: string,
): Uint8Array | null | undefined {
  const q = normalizeSearch(query);
  const [answer, setAnswer] = useState<{
    search: JobListSearch;
    columns: readonly JobListColumn[];
    q: string;
    matches: Uint8Array;
  } | null>(null);
  const current =
    answer && answer.search === search && answer.columns === columns && answer.q === q
      ? answer.matches
      : undefined;
  useEffect(() => {
    if (!search || !q || current) return;
    const controller = new AbortController();
    search.matches(columns, q, controller.signal).then(
      (matches) => setAnswer({ search, columns, q, matches }),
      () => {
        // Cancelled: a new query, new rows or new columns.
      },
    );
    return () => controller.abort();
  }, [search, columns, q, current]);
  return q ? current : null;
}

/**
 * The list as shown: sorted, grouped and searched. Each step is linear over precomputed keys and
 * memoised on its own inputs, so a keystroke re-runs only the search and a page change nothing.
 * While a search awaits its matches, the list stays as it was shown.
 */
export function useJobListView(
  index: JobListIndex | null,
  search: JobListSearch | null,
  options: {
    sort: JobListSort | null;
    group: JobListColumn | null;
    search: string;
    columns: readonly JobListColumn[];
  },
): JobListViewResult | null {
  const { sort, group, columns } = options;
  const matches = useSearchMatches(search, columns, options.search);
  const sorted = useMemo(() => (index ? sortOrder(index, sort) : null), [index, sort]);
  const grouped = useMemo(
    () => (index && sorted ? groupOrder(index, sorted, group) : null),
    [index, sorted, group],
  );
  const order = useMemo(() => {
    if (!index || !grouped || matches === undefined) return null;
    return matches ? filterOrder(grouped, matches) : grouped;
  }, [index, grouped, matches]);
  const view = useMemo(() => {
    if (!index || !order) return null;
    if (!group) return { order, groups: null };
    const of = index.groups(group);
    return { order, groups: { column: group, of, counts: groupCounts(order, of) } };
  }, [index, order, group]);
  const shown = useRef<JobListViewResult | null>(null);
  const waiting = index !== null && grouped !== null && order === null;
  if (!waiting) shown.current = view;
  return waiting ? shown.current : view;
}
