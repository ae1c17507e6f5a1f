/**
 * Spec 01 §2 "Default columns, in order" of the job list, then the turnaround columns of issue 27
 * ({@link TAT_COLUMNS}); clinic and the turnaround columns are hidden by default. Each column's
 * heading is the catalogue key `jobList.columns.<id>`.
 */
export const JOB_LIST_COLUMNS = [
  'stat',
  'filterJobId',
  'dictatorName',
  'clinic',
  'patientName',
  'patientMRN',
  'formattedDictatedDate',
  'formattedSignedDate',
  'workType',
  'department',
  'location',
  'jobNoteBool',
  'stageName',
  'formattedDateOfService',
  'tatFirstText',
  'tatFinished',
] as const;

export type JobListColumn = (typeof JOB_LIST_COLUMNS)[number];

/**
 * Issue 27: the turnaround columns — dictation to the first text, dictation to the finished text —
 * and the row field (whole minutes) each shows as a compact duration (rules/reports/turnaroundDuration).
 * The readers (jobListValues, jobListSort, the server's export) index a JobListRow with the field, so
 * a name that is not one of the row's fields does not compile; this module does not import the
 * contract, which imports isJobListColumn from here.
 */
export const TAT_COLUMNS = {
  tatFirstText: 'tatFirstTextMinutes',
  tatFinished: 'tatFinishedMinutes',
} as const satisfies Partial<Record<JobListColumn, string>>;

export type TatColumn = keyof typeof TAT_COLUMNS;

/** True for the turnaround columns (see {@link TAT_COLUMNS}). */
export function isTatColumn(column: JobListColumn): column is TatColumn {
  return column in TAT_COLUMNS;
}

export const DEFAULT_HIDDEN_COLUMNS: readonly JobListColumn[] = ['clinic', 'tatFirstText', 'tatFinished'];

/** True when the value names a job-list column. */
export function isJobListColumn(value: string): value is JobListColumn {
  return (JOB_LIST_COLUMNS as readonly string[]).includes(value);
}
