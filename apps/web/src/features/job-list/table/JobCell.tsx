import type { JobListRow } from '@quill/core/contract/jobList';
import type { JobListColumn, TatColumn } from '@quill/core/rules/jobList/jobListColumns';
import { columnText, isWithheldCell, type JobListLabels } from '@quill/core/rules/jobList/jobListValues';
import { jobPath } from '../../../lib/paths';
import { legacyJobDetailsUrl } from '../data/jobListApi';
import { JobNoteIndicator } from './JobNoteIndicator';
import classes from './JobTable.module.css';
import type { RowStrings } from './useRowStrings';

/** Columns whose long values may be cut short: the whole value shows on hover. */
const LONG: ReadonlySet<JobListColumn> = new Set([
  'dictatorName',
  'patientName',
  'clinic',
  'workType',
  'department',
  'location',
  'stageName',
]);

/** The turnaround cells' test ids (the end-to-end tests read a job's turnaround by them). */
const TAT_TEST_IDS: Record<TatColumn, string> = {
  tatFirstText: 'tat-first-text',
  tatFinished: 'tat-finished',
};

/** A row's cell in one column: the STAT marker, the job id link, the note indicator, or the text. */
export function JobCell({
  row,
  column,
  labels,
  strings,
  fftmBaseUrl,
  tabIndex,
}: {
  row: JobListRow;
  column: JobListColumn;
  labels: JobListLabels;
  strings: RowStrings;
  fftmBaseUrl: string;
  tabIndex: number;
}) {
  switch (column) {
    case 'stat':
      return <td>{row.stat && <span className={classes.stat}>{labels.stat}</span>}</td>;
    case 'filterJobId':
      // No legacy host (fftmBaseUrl ''): the id opens the job in Quill, in place (JobTable's click).
      if (!fftmBaseUrl)
        return (
          <td>
            <a
              className={classes.jobLink}
              href={jobPath(row.jobId)}
              data-open-job={row.jobId}
              tabIndex={tabIndex}
              aria-label={strings.openJob(row.filterJobId)}
            >
              {row.filterJobId}
            </a>
          </td>
        );
      return (
        <td>
          <a
            className={classes.jobLink}
            href={legacyJobDetailsUrl(fftmBaseUrl, row.jobId)}
            target="_blank"
            rel="noopener noreferrer"
            tabIndex={tabIndex}
            aria-label={strings.openLegacyDetails(row.filterJobId)}
          >
            {row.filterJobId}
          </a>
        </td>
      );
    case 'tatFirstText':
    case 'tatFinished':
      return <td data-testid={TAT_TEST_IDS[column]}>{columnText(row, column, labels)}</td>;
    case 'jobNoteBool':
      return (
        <td>
          {row.jobNoteBool && (
            <JobNoteIndicator note={row.jobNote} label={strings.note} tabIndex={tabIndex} />
          )}
        </td>
      );
    default: {
      const text = columnText(row, column, labels);
      const withheld = isWithheldCell(row, column, labels);
      return (
        <td
          className={withheld ? classes.withheld : undefined}
          title={LONG.has(column) && !withheld ? text : undefined}
        >
          {text}
        </td>
      );
    }
  }
}
