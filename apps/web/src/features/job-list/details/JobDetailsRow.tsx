import type { JobListRow } from '@quill/core/contract/jobList';
import type { JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import classes from '../table/JobTable.module.css';
import { JobDetailsPanel } from './JobDetailsPanel';

/** The expanded row under a job: its details panel across the whole table (measured when shown). */
export function JobDetailsRow(props: {
  index: number;
  measure: (node: Element | null) => void;
  row: JobListRow;
  span: number;
  labels: JobListLabels;
  detailsOpen: boolean;
  onDetailsOpenChange: (open: boolean) => void;
}) {
  return (
    <tr
      className={classes.detailsRow}
      data-details-for={props.row.jobId}
      data-index={props.index}
      ref={props.measure}
    >
      <td colSpan={props.span}>
        <JobDetailsPanel
          row={props.row}
          labels={props.labels}
          detailsOpen={props.detailsOpen}
          onDetailsOpenChange={props.onDetailsOpenChange}
        />
      </td>
    </tr>
  );
}
