import type { JobListRow } from '@quill/core/contract/jobList';
import type { JobListColumn } from '@quill/core/rules/jobList/jobListColumns';
import type { JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import { formatDuration } from '@quill/core/rules/reports/turnaroundDuration';
import { memo } from 'react';
import listClasses from '../JobList.module.css';
import { ChevronRightIcon } from './icons';
import { JobCell } from './JobCell';
import { JobIndicators } from './JobIndicators';
import classes from './JobTable.module.css';
import type { RowStrings } from './useRowStrings';

export interface JobTableRowProps {
  row: JobListRow;
  columns: readonly JobListColumn[];
  selected: boolean;
  expanded: boolean;
  /** The one row in the tab order. */
  tabbable: boolean;
  /** A zebra stripe. */
  alt: boolean;
  /** A STAT job past its facility's target turnaround (rules/jobList/statTarget): highlighted. */
  pastTarget: boolean;
  canExpand: boolean;
  onToggleSelect: (jobId: number) => void;
  onToggleExpand: (jobId: number) => void;
  onFocusRow: (jobId: number) => void;
  labels: JobListLabels;
  strings: RowStrings;
  fftmBaseUrl: string;
}

/**
 * One job: its checkbox, details toggle, indicators and the visible columns; a STAT job past its
 * target turnaround is highlighted, says so to screen readers and names the target on hover.
 */
export const JobTableRow = memo(function JobTableRow({
  row,
  columns,
  selected,
  expanded,
  tabbable,
  alt,
  pastTarget,
  canExpand,
  onToggleSelect,
  onToggleExpand,
  onFocusRow,
  labels,
  strings,
  fftmBaseUrl,
}: JobTableRowProps) {
  const id = row.jobId;
  // The focused row's controls are in the tab order; the other rows are reached with the arrows.
  const inner = tabbable ? 0 : -1;
  return (
    <tr
      className={pastTarget ? `${classes.row} ${classes.pastTarget}` : classes.row}
      title={
        pastTarget
          ? strings.pastTargetTitle(formatDuration(row.statTargetMinutes, labels.durationUnits))
          : undefined
      }
      data-job-id={id}
      data-selected={selected || undefined}
      data-expanded={expanded || undefined}
      data-alt={alt || undefined}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      onFocus={() => onFocusRow(id)}
    >
      <td className={classes.narrow}>
        <input
          type="checkbox"
          className={classes.checkbox}
          tabIndex={inner}
          checked={selected}
          onChange={() => onToggleSelect(id)}
          aria-label={strings.selectJob(id)}
        />
      </td>
      {canExpand && (
        <td className={classes.narrow}>
          <button
            type="button"
            className={`${classes.iconButton} ${classes.expander}`}
            tabIndex={inner}
            aria-expanded={expanded}
            aria-label={expanded ? strings.hideDetails(id) : strings.showDetails(id)}
            onClick={() => onToggleExpand(id)}
          >
            <ChevronRightIcon size={16} />
          </button>
        </td>
      )}
      <td className={classes.narrow}>
        <JobIndicators row={row} strings={strings} />
        {pastTarget && <span className={listClasses.visuallyHidden}>{strings.pastTarget}</span>}
      </td>
      {columns.map((column) => (
        <JobCell
          key={column}
          row={row}
          column={column}
          labels={labels}
          strings={strings}
          fftmBaseUrl={fftmBaseUrl}
          tabIndex={inner}
        />
      ))}
    </tr>
  );
});
