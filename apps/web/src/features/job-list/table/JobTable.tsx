import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import type { JobListSort } from '@quill/core/rules/jobList/jobListSort';
import type { JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import { isPastStatTarget } from '@quill/core/rules/jobList/statTarget';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type MouseEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/SessionContext';
import { isPlainClick } from '../../../lib/browserNavigation';
import { JobDetailsRow } from '../details/JobDetailsRow';
import { useOpenJob } from '../useOpenJob';
import type { PageItem } from '../view/jobListView';
import { stickyLayout, tableMinWidth } from './columnWidths';
import { GroupHeaderRow } from './GroupHeaderRow';
import classes from './JobTable.module.css';
import { JobTableHead } from './JobTableHead';
import { JobTableRow } from './JobTableRow';
import { LINE_HEIGHTS, lineKey, tableLines } from './tableLines';
import { useClock } from './useClock';
import { useRowKeyboard } from './useRowKeyboard';
import { useRowStrings } from './useRowStrings';

const noMeasure = () => {};

/** Pages with more lines than this are virtualised. */
const VIRTUALISE_FROM = 40;

/** Stands in for the lines above or below the view in a long page. */
function SpacerRow({ height, span }: { height: number; span: number }) {
  return (
    <tr>
      <td colSpan={span} className={classes.spacer} style={{ height }} aria-hidden="true" />
    </tr>
  );
}

export interface JobTableProps {
  queueTitle: string;
  items: PageItem[];
  columns: readonly JobListColumn[];
  sort: JobListSort | null;
  onSort: (column: JobListColumn) => void;
  selected: ReadonlySet<number>;
  onToggleSelect: (jobId: number) => void;
  headerState: 'all' | 'some' | 'none';
  onHeaderToggle: () => void;
  expanded: ReadonlySet<number>;
  onToggleExpand: (jobId: number) => void;
  canExpand: boolean;
  detailsOpen: boolean;
  onDetailsOpenChange: (open: boolean) => void;
  labels: JobListLabels;
  /** Shown instead of rows (no jobs, or none match). */
  emptyText: string | null;
}

/** The table's element id: the target of the shell's "Skip to the job table" link. */
export const JOB_TABLE_ID = 'job-table';

/**
 * The job table (spec 01 §2, §5): the page's rows only — and of a long page only the lines in
 * view (virtualised) — with group headings, expandable rows, row checkboxes and sortable
 * headings. One row at a time is in the tab order (roving focus); arrows move it.
 */
export function JobTable(props: JobTableProps) {
  const { t } = useTranslation();
  const { userSettings } = useSession();
  const strings = useRowStrings();
  // An unfinished STAT job passes its target as time goes by: checked again every minute.
  const now = useClock();
  const scroller = useRef<HTMLDivElement>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const { items, expanded, canExpand } = props;
  const lines = useMemo(
    () => tableLines(items, canExpand ? expanded : new Set()),
    [items, expanded, canExpand],
  );
  const rowIds = useMemo(() => items.flatMap((i) => (i.kind === 'row' ? [i.row.jobId] : [])), [items]);
  const tabbableId = focusId !== null && rowIds.includes(focusId) ? focusId : rowIds[0];
  const span = props.columns.length + (canExpand ? 3 : 2);

  // Short pages render every line; long ones only the lines in view.
  const virtualise = lines.length > VIRTUALISE_FROM;
  const virtualizer = useVirtualizer({
    enabled: virtualise,
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => LINE_HEIGHTS[lines[i]!.kind],
    getItemKey: (i) => lineKey(lines, i),
    overscan: 10,
    // Before the first measurement (and in tests without layout): a typical viewport.
    initialRect: { width: 1366, height: 760 },
  });
  const virtual = virtualise
    ? virtualizer.getVirtualItems()
    : lines.map((_, index) => ({ index, key: lineKey(lines, index) }));
  const padTop = virtualise ? (virtualizer.getVirtualItems()[0]?.start ?? 0) : 0;
  const padBottom = virtualise
    ? virtualizer.getTotalSize() - (virtualizer.getVirtualItems().at(-1)?.end ?? 0)
    : 0;

  const measure = virtualise ? virtualizer.measureElement : noMeasure;

  const focusRow = useCallback(
    (jobId: number) => {
      setFocusId(jobId);
      const find = () => scroller.current?.querySelector<HTMLElement>(`tr[data-job-id="${jobId}"]`);
      const shown = find();
      if (shown || !virtualise) {
        shown?.focus();
        return;
      }
      virtualizer.scrollToIndex(
        lines.findIndex((l) => l.kind === 'row' && l.row.jobId === jobId),
        { align: 'auto' },
      );
      requestAnimationFrame(() => requestAnimationFrame(() => find()?.focus()));
    },
    [lines, virtualizer, virtualise],
  );
  const openJob = useOpenJob();
  const onKeyDown = useRowKeyboard(
    rowIds,
    focusRow,
    props.onToggleSelect,
    canExpand ? props.onToggleExpand : undefined,
    openJob,
  );
  // One listener for the page's rows (no handler per row): the in-app job id link navigates in
  // place, and a double-click on a row (not on one of its controls) opens its job.
  const onClick = useCallback(
    (event: MouseEvent<HTMLTableSectionElement>) => {
      const link = (event.target as Element).closest<HTMLElement>('a[data-open-job]');
      if (!link || !isPlainClick(event)) return;
      event.preventDefault();
      openJob(Number(link.dataset.openJob));
    },
    [openJob],
  );
  const onDoubleClick = useCallback(
    (event: MouseEvent<HTMLTableSectionElement>) => {
      const target = event.target as Element;
      const row = target.closest<HTMLElement>('tr[data-job-id]');
      if (!row || target.closest('a, button, input, label')) return;
      openJob(Number(row.dataset.jobId));
    },
    [openJob],
  );
  const sticky = useMemo(() => stickyLayout(props.columns, canExpand), [props.columns, canExpand]);

  return (
    <div className={classes.scroller} ref={scroller} data-testid="job-table-scroller">
      <table
        id={JOB_TABLE_ID}
        tabIndex={-1}
        className={`${classes.table} ${classes[`sticky${sticky.count}`] ?? ''}`}
        style={{ minWidth: tableMinWidth(props.columns, canExpand), ...sticky.offsets }}
        aria-label={t('jobList.table.label', { queue: props.queueTitle })}
        aria-rowcount={rowIds.length + 1}
      >
        <JobTableHead
          columns={props.columns}
          sort={props.sort}
          onSort={props.onSort}
          headerState={props.headerState}
          onHeaderToggle={props.onHeaderToggle}
          canExpand={canExpand}
          disabled={rowIds.length === 0}
        />
        <tbody onKeyDown={onKeyDown} onClick={onClick} onDoubleClick={onDoubleClick}>
          {props.emptyText !== null && (
            <tr>
              <td colSpan={span} className={classes.empty}>
                {props.emptyText}
              </td>
            </tr>
          )}
          {padTop > 0 && <SpacerRow height={padTop} span={span} />}
          {virtual.map((v) => {
            const line = lines[v.index]!;
            if (line.kind === 'group')
              return <GroupHeaderRow key={v.key} index={v.index} measure={measure} item={line} span={span} />;
            if (line.kind === 'details')
              return (
                <JobDetailsRow
                  key={v.key}
                  index={v.index}
                  measure={measure}
                  row={line.row}
                  span={span}
                  labels={props.labels}
                  detailsOpen={props.detailsOpen}
                  onDetailsOpenChange={props.onDetailsOpenChange}
                />
              );
            const { row } = line;
            return (
              <JobTableRow
                key={v.key}
                row={row}
                columns={props.columns}
                selected={props.selected.has(row.jobId)}
                expanded={canExpand && expanded.has(row.jobId)}
                tabbable={row.jobId === tabbableId}
                alt={line.alt}
                pastTarget={isPastStatTarget(row, now)}
                canExpand={canExpand}
                onToggleSelect={props.onToggleSelect}
                onToggleExpand={props.onToggleExpand}
                onFocusRow={setFocusId}
                labels={props.labels}
                strings={strings}
                fftmBaseUrl={userSettings.fftmBaseUrl}
              />
            );
          })}
          {padBottom > 0 && <SpacerRow height={padBottom} span={span} />}
        </tbody>
      </table>
    </div>
  );
}
