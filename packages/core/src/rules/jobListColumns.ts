/**
 * Spec 01 §2 "Default columns, in order" of the job list; clinic is hidden by default. Each
 * column's heading is the catalogue key `jobList.columns.<id>`.
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
] as const;

export type JobListColumn = (typeof JOB_LIST_COLUMNS)[number];

export const DEFAULT_HIDDEN_COLUMNS: readonly JobListColumn[] = ['clinic'];

/** True when the value names a job-list column. */
export function isJobListColumn(value: string): value is JobListColumn {
  return (JOB_LIST_COLUMNS as readonly string[]).includes(value);
}
