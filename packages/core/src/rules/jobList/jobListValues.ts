import type { JobListRow } from '../../contract/jobList.js';
import { type DurationUnits, formatDuration } from '../reports/turnaroundDuration.js';
import { isTatColumn, type JobListColumn, TAT_COLUMNS } from './jobListColumns.js';

/** Words the list shows in place of a value (from the catalogue) and the stage label rule. */
export interface JobListLabels {
  /** The STAT marker. */
  stat: string;
  /** Spec 01 §6: shown instead of the patient name when the account may not see it ('' when it may). */
  patientWithheld: string;
  /** Issue 41: shown instead of the MRN when the account may not see it — the column's label, Subject ID ('' when it may). */
  mrnWithheld: string;
  /** Spec 01 §4 stage display (`stageLabel` with the catalogue's translation). */
  stage: (stageId: number, stageName: string) => string;
  /** The unit letters of the turnaround columns' durations (`transcribe.tat.units`). */
  durationUnits: DurationUnits;
}

/**
 * The text of a row's cell in a column, as the list shows it and as search and grouping read it:
 * the STAT marker, the stage label, the withheld-patient label, the note text for the note
 * indicator, the formatted dates as the server wrote them, and turnaround minutes as a compact
 * duration.
 */
export function columnText(row: JobListRow, column: JobListColumn, labels: JobListLabels): string {
  if (isTatColumn(column)) return formatDuration(row[TAT_COLUMNS[column]], labels.durationUnits);
  switch (column) {
    case 'stat':
      return row.stat ? labels.stat : '';
    case 'patientName':
      return row.patientName ?? labels.patientWithheld;
    case 'patientMRN':
      return row.patientMRN ?? labels.mrnWithheld;
    case 'jobNoteBool':
      return row.jobNote;
    case 'stageName':
      return labels.stage(row.stageId, row.stageName);
    default:
      return row[column] ?? '';
  }
}

/**
 * True when a row's cell shows the label of a withheld patient identifier (spec 01 §6, issue 41:
 * the name or the MRN of an account without adtView, adtEdit or jobEditAdt), which the list and
 * Job Search set apart from a value.
 */
export function isWithheldCell(row: JobListRow, column: JobListColumn, labels: JobListLabels): boolean {
  if (column === 'patientName') return row.patientName === null && labels.patientWithheld !== '';
  if (column === 'patientMRN') return row.patientMRN === null && labels.mrnWithheld !== '';
  return false;
}
