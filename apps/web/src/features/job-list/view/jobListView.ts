import type { JobListRow } from '@quill/core/contract/jobList';
import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import type { JobListGroups } from '@quill/core/rules/jobList/jobListGroup';
import { filterOrder } from '@quill/core/rules/jobList/jobListScreen';
import { type JobListSort, orderByRanks } from '@quill/core/rules/jobList/jobListSort';
import type { JobListIndex } from '../data/jobListIndex';

/** Row positions in sort order (load order without a sort). Linear in the rows. */
export function sortOrder(index: JobListIndex, sort: JobListSort | null): Uint32Array {
  return sort ? index.sorted(sort.column, sort.ascending) : index.loadOrder;
}

/** Grouped: rows of a group together, groups in order, the sort kept inside each group. */
export function groupOrder(
  index: JobListIndex,
  order: Uint32Array,
  group: JobListColumn | null,
): Uint32Array {
  return group ? orderByRanks(order, index.groups(group).ofRow, true) : order;
}

/** Spec 01 §5: the searched rows in the order given (the one rule, shared with the export). */
export { filterOrder };

/**
 * How many of the shown rows each group holds. When every row is shown (no search), they are
 * counted in storage order, without reading the order.
 */
export function groupCounts(order: Uint32Array, groups: JobListGroups): Int32Array {
  const counts = new Int32Array(groups.keys.length);
  const all = order.length === groups.ofRow.length;
  for (let i = 0; i < order.length; i++) counts[groups.ofRow[all ? i : order[i]!]!]! += 1;
  return counts;
}

/** The list as it is shown: every row position in order, and the groups when grouped. */
export interface JobListViewResult {
  order: Uint32Array;
  groups: { column: JobListColumn; of: JobListGroups; counts: Int32Array } | null;
}

/** A line of the current page: a group heading or a job row. */
export type PageItem =
  | { kind: 'group'; key: string; column: JobListColumn; count: number; continued: boolean }
  | { kind: 'row'; position: number; row: JobListRow };

/**
 * The rows of one page (only these are rendered), with a group heading before the first row of
 * each group — and at the top of a page that continues a group.
 */
export function pageItems(
  index: JobListIndex,
  view: JobListViewResult,
  page: number,
  pageSize: number,
): PageItem[] {
  const items: PageItem[] = [];
  const start = page * pageSize;
  const end = Math.min(view.order.length, start + pageSize);
  let lastGroup = -1;
  for (let i = start; i < end; i++) {
    const position = view.order[i]!;
    if (view.groups) {
      const group = view.groups.of.ofRow[position]!;
      if (group !== lastGroup) {
        const previous = i > 0 ? view.groups.of.ofRow[view.order[i - 1]!]! : -1;
        items.push({
          kind: 'group',
          key: view.groups.of.keys[group]!,
          column: view.groups.column,
          count: view.groups.counts[group]!,
          continued: i === start && previous === group,
        });
        lastGroup = group;
      }
    }
    items.push({ kind: 'row', position, row: index.rows[position]! });
  }
  return items;
}

/** Job ids of the rows at these positions (select-all of the shown list). */
export function jobIdsAt(index: JobListIndex, order: Uint32Array): number[] {
  const ids = new Array<number>(order.length);
  for (let i = 0; i < order.length; i++) ids[i] = index.rows[order[i]!]!.jobId;
  return ids;
}
