import type { JobListRow } from '../../contract/jobList.js';
import { columnKeysSteps } from './jobListColumnKeys.js';
import type { JobListColumn } from './jobListColumns.js';
import { normalizeSearch, searchColumnSteps, searchMatches } from './jobListSearch.js';
import { columnRanks, type JobListSort, orderByRanks } from './jobListSort.js';
import type { JobListLabels } from './jobListValues.js';
import { runSteps } from './steps.js';

/**
 * What the job list shows of its rows (spec 01 §5, §9): the applied search, the sort, the grouping
 * column and the visible columns in their order (the search reads only those).
 */
export interface JobListScreen {
  search: string;
  sort: JobListSort | null;
  group: JobListColumn | null;
  columns: readonly JobListColumn[];
}

/**
 * Spec 01 §5: the rows a search matched (`matches`: 1 at each matching row position, see
 * `searchMatches`), in the order given.
 */
export function filterOrder(order: Uint32Array, matches: Uint8Array): Uint32Array {
  const out = new Uint32Array(order.length);
  let n = 0;
  for (let i = 0; i < order.length; i++) {
    const position = order[i]!;
    if (matches[position] === 1) out[n++] = position;
  }
  return out.subarray(0, n);
}

/**
 * The row positions of `rows` (in load order) as the list shows them: sorted by the sort column
 * (ties in load order), then grouped (rows of a group together, groups in the grouping column's
 * order, the sort kept inside each group), then only the rows the search matches in a visible
 * column. The browser's list index (web `JobListIndex`, `jobListView`) builds the same order from
 * the same steps, kept between keystrokes; the Excel export (issue 39) builds it here in one go,
 * so the file holds exactly the rows on screen, in screen order.
 */
export function screenOrder(
  rows: readonly JobListRow[],
  screen: JobListScreen,
  labels: JobListLabels,
): Uint32Array {
  let order: Uint32Array = new Uint32Array(rows.length);
  for (let i = 0; i < rows.length; i++) order[i] = i;
  if (screen.sort) {
    order = orderByRanks(order, columnRanks(rows, screen.sort.column, labels), screen.sort.ascending);
  }
  if (screen.group) {
    const { groups } = runSteps(columnKeysSteps(rows, screen.group, labels));
    order = orderByRanks(order, groups.ofRow, true);
  }
  if (!normalizeSearch(screen.search)) return order;
  const texts = screen.columns.map((column) => runSteps(searchColumnSteps(rows, column, labels)));
  return filterOrder(order, searchMatches(texts, rows.length, screen.search));
}
