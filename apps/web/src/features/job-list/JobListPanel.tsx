import { LoadingOverlay } from '@mantine/core';
import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import type { JobListSort } from '@quill/core/rules/jobList/jobListSort';
import type { QueueName } from '@quill/core/rules/settings/constants';
import { LIMITS } from '@quill/core/rules/settings/constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission, useSession } from '../../app/session/SessionContext';
import { BulkActions } from './bulk/BulkActions';
import { ConfirmSelectAllModal } from './bulk/ConfirmSelectAllModal';
import { jobListExportUrl } from './data/jobListApi';
import { measureJobListPaint, startJobListAction } from './data/jobListTiming';
import { useJobListIndex } from './data/useJobListIndex';
import { useJobRows } from './data/useJobRows';
import { useExpandDetails } from './details/useExpandDetails';
import classes from './JobList.module.css';
import { JobListFailed } from './JobListFailed';
import { JobTable } from './table/JobTable';
import { useJobListLabels } from './useJobListLabels';
import { useJobSelection } from './useJobSelection';
import { JobListPagination } from './view/JobListPagination';
import { JobListToolbar } from './view/JobListToolbar';
import { type JobListViewResult, jobIdsAt, pageItems } from './view/jobListView';
import { clampPage } from './view/pagination';
import { useDebouncedSearch } from './view/useDebouncedSearch';
import { useJobListPrefs } from './view/useJobListPrefs';
import { useJobListView } from './view/useJobListView';

export interface JobListPanelProps {
  cs: string;
  queue: QueueName;
  facilities: readonly number[] | undefined;
  facilitiesFailed: boolean;
  onRetryFacilities: () => void;
  onReloadCounts: () => void;
}

/** Sort cycle of a heading: ascending, descending, none. */
function nextSort(current: JobListSort | null, column: JobListColumn): JobListSort | null {
  if (current?.column !== column) return { column, ascending: true };
  return current.ascending ? { column, ascending: false } : null;
}

/**
 * One queue's list (spec 01 §2, §5, §9): toolbar, table and pager over the loaded rows. Rows and
 * their precomputed keys stay outside React state; only the page's rows are rendered.
 */
export function JobListPanel({
  cs,
  queue,
  facilities,
  facilitiesFailed,
  onRetryFacilities,
  onReloadCounts,
}: JobListPanelProps) {
  const { t } = useTranslation();
  const session = useSession();
  const canExpand = useHasPermission('jobView');
  const labels = useJobListLabels();
  const prefs = useJobListPrefs(cs, queue);
  const rows = useJobRows(cs, queue, facilities, session.applicationSettings.jobListDataBatchSize);
  const index = useJobListIndex(rows.data, labels, prefs.columns);

  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(LIMITS.defaultPageSize);
  const search = useDebouncedSearch(() => {
    startJobListAction('search');
    setPage(0);
  });
  const selection = useJobSelection();
  const { clear: clearSelection, setMany: setSelected } = selection;
  const { setSort, setGroup, setColumnVisible, reset: resetPrefs } = prefs;
  const { refetch } = rows;
  // The latest of these for handlers that need them only when called: the toolbar and the pager
  // keep their props (and skip rendering) while a sort or grouping changes the view.
  const latest = useRef({
    onReloadCounts,
    index: null as typeof index,
    view: null as JobListViewResult | null,
  });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [detailsOpen, setDetailsOpen] = useExpandDetails();
  const [confirmAll, setConfirmAll] = useState<{ page: number; total: number } | null>(null);

  const view = useJobListView(index, {
    sort: prefs.sort,
    group: prefs.group,
    search: search.applied,
    typed: search.input,
    columns: prefs.columns,
  });
  latest.current = { onReloadCounts, index, view };
  const total = view?.order.length ?? 0;
  const currentPage = clampPage(page, total, pageSize);
  const items = useMemo(
    () => (index && view ? pageItems(index, view, currentPage, pageSize) : []),
    [index, view, currentPage, pageSize],
  );
  const pageIds = useMemo(() => items.flatMap((i) => (i.kind === 'row' ? [i.row.jobId] : [])), [items]);

  // Timing (ARCHITECTURE §7): the first page after the rows arrived, then each action's paint.
  const measuredFirst = useRef<unknown>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each new page is rendered, to time it
  useEffect(() => {
    if (!index) return;
    const first = measuredFirst.current !== index;
    measuredFirst.current = index;
    measureJobListPaint(first);
  }, [index, items]);

  const act = useCallback((action: string, change: () => void) => {
    startJobListAction(action);
    change();
  }, []);

  const onSort = useCallback(
    (column: JobListColumn) =>
      act('sort', () => {
        setSort(nextSort(prefs.sort, column));
        setPage(0);
      }),
    [act, setSort, prefs.sort],
  );
  const onGroup = useCallback(
    (column: JobListColumn | null) =>
      act('group', () => {
        setGroup(column);
        setPage(0);
      }),
    [act, setGroup],
  );
  const onColumnVisible = useCallback(
    (column: JobListColumn, visible: boolean) => act('columns', () => setColumnVisible(column, visible)),
    [act, setColumnVisible],
  );
  const onPage = useCallback((next: number) => act('page', () => setPage(next)), [act]);
  const onPageSize = useCallback(
    (size: number) =>
      act('page-size', () => {
        setPageSize(size);
        setPage(0);
      }),
    [act],
  );

  const toggleExpanded = useCallback((jobId: number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(jobId)) next.delete(jobId);
      else next.add(jobId);
      return next;
    });
  }, []);

  const selectedOnPage = pageIds.filter((id) => selection.selected.has(id)).length;
  const headerState =
    pageIds.length > 0 && selectedOnPage === pageIds.length ? 'all' : selectedOnPage > 0 ? 'some' : 'none';
  const onHeaderToggle = useCallback(() => {
    if (headerState === 'all') {
      // Everything in the list checked: uncheck it all; otherwise just this page.
      if (selection.selected.size >= total) selection.clear();
      else selection.setMany(pageIds, false);
      return;
    }
    selection.setMany(pageIds, true);
    // Spec 01 §4: then ask whether to select all remaining jobs.
    if (total > pageIds.length) setConfirmAll({ page: pageIds.length, total });
  }, [headerState, pageIds, selection, total]);

  const selectAllRemaining = () => {
    if (index && view) selection.setMany(jobIdsAt(index, view.order), true);
    setConfirmAll(null);
  };

  const rowsOf = useCallback(
    (jobIds: readonly number[]) => {
      const wanted = new Set(jobIds);
      return (rows.data ?? []).filter((r) => wanted.has(r.jobId));
    },
    [rows.data],
  );
  // Spec 01 §4: checked jobs the search hides still count for clearing; the dialog says so.
  const hiddenOf = useCallback((jobIds: readonly number[]) => {
    const { index, view } = latest.current;
    if (!index || !view) return 0;
    const shown = new Set(jobIdsAt(index, view.order));
    return jobIds.filter((id) => !shown.has(id)).length;
  }, []);
  const onCleared = useCallback(
    (jobIds: number[]) => {
      setSelected(jobIds, false);
      void refetch();
      latest.current.onReloadCounts();
    },
    [setSelected, refetch],
  );

  const reload = useCallback(() => {
    clearSelection();
    setExpanded(new Set());
    void refetch();
    latest.current.onReloadCounts();
  }, [clearSelection, refetch]);

  const clearSearch = search.clear;
  const reset = useCallback(
    () =>
      act('reset', () => {
        resetPrefs();
        clearSearch();
        setPage(0);
        setPageSize(LIMITS.defaultPageSize);
      }),
    [act, resetPrefs, clearSearch],
  );

  const bulkActions = useMemo(
    () => (
      <BulkActions
        cs={cs}
        queue={queue}
        selected={selection.selected}
        rowsOf={rowsOf}
        hiddenOf={hiddenOf}
        onCleared={onCleared}
      />
    ),
    [cs, queue, selection.selected, rowsOf, hiddenOf, onCleared],
  );

  const failed = facilitiesFailed || rows.isError;
  const loading = !failed && (rows.isFetching || (!rows.data && !facilitiesFailed));
  const queueTitle = t(`jobList.queues.${queue}`);

  return (
    <section className={classes.panel} aria-label={t('jobList.table.label', { queue: queueTitle })}>
      <JobListToolbar
        search={search.input}
        onSearch={search.setInput}
        group={prefs.group}
        onGroup={onGroup}
        visibility={prefs.visibility}
        onColumnVisible={onColumnVisible}
        onReset={reset}
        onReload={reload}
        reloading={rows.isFetching}
        exportUrl={jobListExportUrl(cs, queue, {
          columns: prefs.columns,
          search: search.applied,
          sort: prefs.sort,
          group: prefs.group,
        })}
        selectedCount={selection.selected.size}
        bulkActions={bulkActions}
      />
      <div className={classes.tableArea} aria-busy={loading || undefined}>
        <LoadingOverlay
          visible={loading}
          zIndex={3}
          overlayProps={{ backgroundOpacity: 0.6 }}
          loaderProps={{ 'aria-label': t('jobList.loading') }}
        />
        {failed && (
          <JobListFailed onRetry={() => (facilitiesFailed ? onRetryFacilities() : void rows.refetch())} />
        )}
        {!failed && view && (
          <JobTable
            queueTitle={queueTitle}
            items={items}
            columns={prefs.columns}
            sort={prefs.sort}
            onSort={onSort}
            selected={selection.selected}
            onToggleSelect={selection.toggle}
            headerState={headerState}
            onHeaderToggle={onHeaderToggle}
            expanded={expanded}
            onToggleExpand={toggleExpanded}
            canExpand={canExpand}
            detailsOpen={detailsOpen}
            onDetailsOpenChange={setDetailsOpen}
            labels={labels}
            emptyText={
              total === 0 ? (search.applied.trim() ? t('jobList.noMatches') : t('jobList.empty')) : null
            }
          />
        )}
      </div>
      <JobListPagination
        page={currentPage}
        pageSize={pageSize}
        total={total}
        onPage={onPage}
        onPageSize={onPageSize}
      />
      <ConfirmSelectAllModal
        opened={confirmAll !== null}
        pageCount={confirmAll?.page ?? 0}
        total={confirmAll?.total ?? 0}
        onSelectAll={selectAllRemaining}
        onPageOnly={() => setConfirmAll(null)}
      />
    </section>
  );
}
