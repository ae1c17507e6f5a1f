import type { JobListRow } from '@quill/core/contract/jobList';
import { columnKeysSteps } from '@quill/core/rules/jobList/jobListColumnKeys';
import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import { groupRows, groupRowsSteps, type JobListGroups } from '@quill/core/rules/jobList/jobListGroup';
import { type SearchColumn, searchColumnSteps, searchMatches } from '@quill/core/rules/jobList/jobListSearch';
import {
  columnRanks,
  columnRanksSteps,
  orderByRanks,
  orderByRanksSteps,
  reverseByRanks,
  sortsByTime,
} from '@quill/core/rules/jobList/jobListSort';
import type { JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import { runSteps } from '@quill/core/rules/jobList/steps';

/**
 * Columns whose groups are not built ahead of need: a group per row or nearly (job ids, times to
 * the minute, turnaround durations — a group per minute under a day) — many keys to hold, and
 * nobody's usual grouping.
 */
const GROUPED_ON_DEMAND: ReadonlySet<JobListColumn> = new Set([
  'filterJobId',
  'formattedDictatedDate',
  'formattedSignedDate',
  'tatFirstText',
  'tatFinished',
]);

/**
 * Columns a list is usually grouped by: few values each, and quick to build (a decoded row keys
 * them by a number).
 */
const USUAL_GROUPINGS: ReadonlySet<JobListColumn> = new Set([
  'stat',
  'dictatorName',
  'clinic',
  'workType',
  'department',
  'location',
  'stageName',
]);

/**
 * The precomputed keys of one loaded list (ARCHITECTURE §7): per column the rows' sort ranks,
 * groups and lower-cased search texts. Built once per load and
 * kept out of React state; `warmSteps` builds them in small steps after the first page is shown,
 * and anything asked for before it is ready is built on the spot.
 */
export class JobListIndex {
  /** Row positions in load order (the server's job id order). */
  readonly loadOrder: Uint32Array;
  private readonly ranksOf = new Map<JobListColumn, Int32Array>();
  private readonly groupsOf = new Map<JobListColumn, JobListGroups>();
  private readonly sortedOf = new Map<string, Uint32Array>();
  private readonly searchOf = new Map<JobListColumn, SearchColumn>();
  /** Search texts being built (see {@link searchTextSteps}). */
  private readonly searchBuilds = new Map<JobListColumn, Generator<void, void, void>>();

  constructor(
    readonly rows: readonly JobListRow[],
    readonly labels: JobListLabels,
  ) {
    this.loadOrder = new Uint32Array(rows.length);
    for (let i = 0; i < rows.length; i++) this.loadOrder[i] = i;
  }

  /** Each row's sort rank in a column (see `columnRanks`). */
  ranks(column: JobListColumn): Int32Array {
    let ranks = this.ranksOf.get(column);
    if (!ranks) {
      ranks = columnRanks(this.rows, column, this.labels);
      this.ranksOf.set(column, ranks);
    }
    return ranks;
  }

  /**
   * Row positions sorted by a column (ties in load order), kept: sorting back and forth is free.
   * The other direction, once one is built, is one sequential pass over it.
   */
  sorted(column: JobListColumn, ascending: boolean): Uint32Array {
    const key = `${column}:${ascending}`;
    let order = this.sortedOf.get(key);
    if (!order) {
      const other = this.sortedOf.get(`${column}:${!ascending}`);
      const ranks = this.ranks(column);
      order = other ? reverseByRanks(other, ranks) : orderByRanks(this.loadOrder, ranks, ascending);
      this.sortedOf.set(key, order);
    }
    return order;
  }

  /** The rows' groups in a column (no_group for rows without a value). */
  groups(column: JobListColumn): JobListGroups {
    let groups = this.groupsOf.get(column);
    if (!groups) {
      const ranks = this.ranksOf.get(column);
      if (ranks) groups = groupRows(this.rows, column, this.labels, ranks);
      else {
        const keys = runSteps(columnKeysSteps(this.rows, column, this.labels));
        this.ranksOf.set(column, keys.ranks);
        groups = keys.groups;
      }
      this.groupsOf.set(column, groups);
    }
    return groups;
  }

  hasSearchTexts(columns: readonly JobListColumn[]): boolean {
    return columns.every((column) => this.searchOf.has(column));
  }

  /**
   * 1 at each row position whose text in one of these (the visible) columns contains the query
   * (see `searchMatches`); texts not built yet are built on the spot.
   */
  searchMatches(columns: readonly JobListColumn[], query: string): Uint8Array {
    // Built on the spot: the caller needs the texts now.
    if (!this.hasSearchTexts(columns)) runSteps(this.searchTextSteps(columns));
    return searchMatches(
      columns.map((column) => this.searchOf.get(column)!),
      this.rows.length,
      query,
    );
  }

  /**
   * Builds the search texts of these columns step by step, each column once, and keeps them for
   * as long as the rows (a column shown again is not built again). Every caller drives the same
   * builds: a search that comes while the warm-up is building a column goes on from where it got.
   */
  *searchTextSteps(columns: readonly JobListColumn[]): Generator<void, void, void> {
    for (const column of columns) {
      if (this.searchOf.has(column)) continue;
      let build = this.searchBuilds.get(column);
      if (!build) {
        build = this.searchColumnSteps(column);
        this.searchBuilds.set(column, build);
      }
      yield* build;
    }
  }

  private *searchColumnSteps(column: JobListColumn): Generator<void, void, void> {
    this.searchOf.set(column, yield* searchColumnSteps(this.rows, column, this.labels));
    this.searchBuilds.delete(column);
  }

  /**
   * Builds, step by step, what the list will need: each visible column's sort ranks, ascending
   * order (a heading's first click) and groups (a click on a heading or a choice of grouping is the
   * quickest thing a user does) — times first, then the usual groupings — then the search texts
   * (a search waits for its 300 ms debounce and the typing anyway), then the other columns.
   */
  *warmSteps(columns: readonly JobListColumn[]): Generator<void, void, void> {
    // Times first (a worklist is sorted by date more than by anything), then the usual groupings,
    // then the search texts, then the rest.
    const priority = (c: JobListColumn) => (sortsByTime(c) ? 0 : USUAL_GROUPINGS.has(c) ? 1 : 2);
    const ordered = [...columns].sort((a, b) => priority(a) - priority(b));
    for (const column of ordered) if (priority(column) < 2) yield* this.columnSteps(column);
    if (!this.hasSearchTexts(columns)) yield* this.searchTextSteps(columns);
    for (const column of ordered) if (priority(column) === 2) yield* this.columnSteps(column);
  }

  /** One column's sort ranks, ascending order and groups, step by step (see {@link warmSteps}). */
  private *columnSteps(column: JobListColumn): Generator<void, void, void> {
    const grouped = !GROUPED_ON_DEMAND.has(column);
    if (!this.ranksOf.has(column)) {
      yield;
      // Anything built on the spot meanwhile is kept.
      if (grouped && !this.groupsOf.has(column)) {
        const keys = yield* columnKeysSteps(this.rows, column, this.labels);
        if (!this.ranksOf.has(column)) this.ranksOf.set(column, keys.ranks);
        if (!this.groupsOf.has(column)) this.groupsOf.set(column, keys.groups);
      } else {
        const ranks = yield* columnRanksSteps(this.rows, column, this.labels);
        if (!this.ranksOf.has(column)) this.ranksOf.set(column, ranks);
      }
    }
    if (!this.sortedOf.has(`${column}:true`) && !this.sortedOf.has(`${column}:false`)) {
      yield;
      const order = yield* orderByRanksSteps(this.loadOrder, this.ranks(column), true);
      if (!this.sortedOf.has(`${column}:true`)) this.sortedOf.set(`${column}:true`, order);
    }
    if (!grouped || this.groupsOf.has(column)) return;
    yield;
    const groups = yield* groupRowsSteps(this.rows, column, this.labels, this.ranks(column));
    if (!this.groupsOf.has(column)) this.groupsOf.set(column, groups);
  }
}
