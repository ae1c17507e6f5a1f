import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import type { JobListSort } from '@quill/core/rules/jobList/jobListSort';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { JobListIndex } from '../data/jobListIndex';
import { runInSlices } from '../data/slices';
import { filterOrder, groupCounts, groupOrder, type JobListViewResult, sortOrder } from './jobListView';

/**
 * Whether the search texts of these columns are built. A search typed before the warm-up has built
 * them has them built now, in short slices (ARCHITECTURE §7: never block the main thread for over
 * 100 ms) while its debounce runs, and renders again when they are.
 */
function useSearchTexts(index: JobListIndex | null, columns: readonly JobListColumn[], wanted: boolean) {
  const ready = index?.hasSearchTexts(columns) ?? false;
  const [, setBuilt] = useState(0);
  useEffect(() => {
    if (!index || !wanted || ready) return;
    const controller = new AbortController();
    runInSlices(index.searchTextSteps(columns), controller.signal).then(
      () => setBuilt((n) => n + 1),
      () => {
        // Cancelled: new rows or columns.
      },
    );
    return () => controller.abort();
  }, [index, columns, wanted, ready]);
  return ready;
}

/**
 * The list as shown: sorted, grouped and searched. Each step is linear over precomputed keys and
 * memoised on its own inputs, so a keystroke re-runs only the search and a page change nothing.
 * While a search waits for its texts, the list stays as it was shown.
 */
export function useJobListView(
  index: JobListIndex | null,
  options: {
    sort: JobListSort | null;
    group: JobListColumn | null;
    search: string;
    /** The search box's text: the texts are built as soon as it has one, not when it applies. */
    typed: string;
    columns: readonly JobListColumn[];
  },
): JobListViewResult | null {
  const { sort, group, search, typed, columns } = options;
  const searching = search.trim() !== '';
  const textsReady = useSearchTexts(index, columns, searching || typed.trim() !== '');
  const sorted = useMemo(() => (index ? sortOrder(index, sort) : null), [index, sort]);
  const grouped = useMemo(
    () => (index && sorted ? groupOrder(index, sorted, group) : null),
    [index, sorted, group],
  );
  const order = useMemo(() => {
    if (!index || !grouped) return null;
    if (!searching) return grouped;
    return textsReady ? filterOrder(grouped, index.searchMatches(columns, search)) : null;
  }, [index, grouped, searching, textsReady, search, columns]);
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
